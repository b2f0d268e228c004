// The words calendar tasks speak: London clock times ("4:30 PM"), the weeks of the seeded agenda,
// and the titles, notes and places new meetings and changes use. Days in words ("Thursday,
// January 9") come from words-dates.
import { addDays } from "../../../tasks/phrasing/words-dates";

/** "9 AM", "4:30 PM" for an instant, in London (offset 0 in winter). */
export function clockWords(ms: number): string {
  const d = new Date(ms);
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m === 0 ? "" : `:${String(m).padStart(2, "0")}`} ${h < 12 ? "AM" : "PM"}`;
}

export const dayStart = (day: string) => `${day}T00:00:00Z`;

/** The Mondays of the seeded weeks. */
export const WEEKS = ["2024-12-30", "2025-01-06", "2025-01-13", "2025-01-20"] as const;

/** Weekdays of the seeded weeks, Monday to Friday. */
export const WEEKDAYS: readonly string[] = WEEKS.flatMap((monday) =>
  [0, 1, 2, 3, 4].map((n) => addDays(monday, n)),
);

export const SHIFTS: readonly { words: string; ms: number }[] = [
  { words: "an hour later", ms: 3_600_000 },
  { words: "30 minutes later", ms: 1_800_000 },
  { words: "an hour earlier", ms: -3_600_000 },
  { words: "two hours later", ms: 7_200_000 },
  { words: "to the same time the next day", ms: 86_400_000 },
];

export const NEW_TITLES: readonly string[] = [
  "Renewal strategy",
  "Pricing follow-up",
  "Hiring debrief",
  "Onboarding metrics review",
  "Quarterly goals check-in",
  "Launch checklist walkthrough",
  "Customer feedback triage",
  "Roadmap dependencies",
];

export const ROOMS: readonly string[] = [
  "Room 4.02",
  "Room 2.10",
  "The Loft, 3rd floor",
  "Boardroom",
  "Google Meet",
  "Hackney Wick studio, London",
];

export const REPLY_NOTES: readonly string[] = [
  "I have a conflict",
  "Running late, start without me",
  "Travelling that day",
  "Happy to join",
];

/** The answers a user gives, in their words. */
export const ANSWERS: readonly { answer: string; verb: string }[] = [
  { answer: "declined", verb: "Decline" },
  { answer: "accepted", verb: "Accept" },
  { answer: "tentative", verb: "Answer maybe to" },
];
