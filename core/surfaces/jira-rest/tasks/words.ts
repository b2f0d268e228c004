// What REST tasks write and how they say it: comments, new issue summaries and labels a user
// might ask for, durations in words and deadline days (dates in words come from words-dates).
// Fixed lists, so a seed always drafts the same tasks.
import type { Prng } from "../../../sandbox/determinism";
import { addDays } from "../../../tasks/phrasing/words-dates";

/** Comments a user might ask to post. */
export const NEW_COMMENTS = [
  "Can you post a status update by Friday?",
  "QA signed this off on staging.",
  "Raising this in tomorrow's planning meeting.",
  "Please add the steps to reproduce.",
  "Customer support asked about this again today.",
  "Waiting on the security review.",
  "I will pick this up after the release.",
  "Linked the design document in the description.",
  "Confirmed fixed on the latest build.",
  "This is blocking the next sprint, please prioritise.",
  "Needs a product decision before we continue.",
  "Let's pair on this after stand-up.",
];

/** Summaries of issues a user might ask to create. */
export const NEW_SUMMARIES = [
  "Checkout button overlaps the footer on small screens",
  "Add audit logging for admin actions",
  "Session expires too early for remember-me logins",
  "Export reports as CSV",
  "Clean up unused feature flags",
  "Profile page loads slowly for large accounts",
  "Write a runbook for database failover",
  "Notification emails show the wrong time zone",
  "Support hardware security keys for two-factor login",
  "Upgrade the logging library",
  "Typo on the onboarding welcome screen",
  "Add a health check endpoint for the worker service",
  "Retry failed uploads automatically",
  "Archive projects that have been inactive for a year",
  "Improve error messages on the sign-up form",
];

/** Labels a user might add besides the ones already in use. */
export const NEW_LABELS = ["needs-triage", "tech-debt", "regression", "quick-win", "blocked"];

/** Work durations a user might log, in seconds. */
export const DURATIONS = [1800, 2700, 3600, 5400, 7200, 10800, 14400, 28800];

/** `30 minutes`, `1 hour`, `1.5 hours`, `8 hours`. */
export function durationPhrase(seconds: number): string {
  if (seconds < 3600) return `${seconds / 60} minutes`;
  const hours = Number((seconds / 3600).toFixed(2));
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** A day splitting `days` (ISO dates): some fall before it, some on or after it. */
export function splitDay(rng: Prng, days: readonly string[]): string | undefined {
  const sorted = [...new Set(days)].sort();
  if (sorted.length < 2) return undefined;
  const at = 1 + Math.floor(rng.next() * (sorted.length - 1));
  const before = sorted[at - 1] as string;
  const after = sorted[at] as string;
  // The day after the earlier date when it still splits, so the date reads as a deadline.
  const next = addDays(before, 1);
  return next <= after ? next : undefined;
}

const TYPE_WORDS: Record<string, string> = {
  Bug: "bug",
  Task: "task",
  Story: "story",
  Epic: "epic",
};

/** How people say an issue type in a sentence: `bug`, `story`. */
export function typeWord(type: string): string {
  return TYPE_WORDS[type] ?? type.toLowerCase();
}
