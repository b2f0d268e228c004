// The meetings in the seeded calendars: four weeks around the platform's virtual clock start
// (Monday 6 January 2025, 09:00 in London), Monday 30 December 2024 to Friday 24 January 2025.
// Jordan's own meetings and 1:1s, invitations from colleagues, the customer and the agency (some
// accepted, some tentative, declined or not answered), a trip to New York with flights in two
// zones and an all-day onsite, a dentist appointment, focus time that leaves the time free, two
// recurring series on the team calendar (a Monday/Wednesday/Friday standup and a weekly Tuesday
// sync), Sam Rivera's own New York calendar, and the US holidays (New Year's Day, Martin Luther
// King Jr. Day) with a few meetings that fall on them. Fixed content: every import is the same.
import type { PersonKey, SeedCalendar } from "./people";

export type Answer = "accepted" | "tentative" | "declined" | "needsAction";

export interface AgendaItem {
  cal: SeedCalendar["key"];
  summary: string;
  /** The local start date in the calendar's zone (or `zones[0]`). */
  day: string;
  /** `HH:MM` local; both absent for an all-day event. */
  from?: string;
  to?: string;
  /** The local end date when it is not `day` (overnight flights). */
  toDay?: string;
  /** All-day length in days (default 1). */
  days?: number;
  /** Start and end zones when they differ from the calendar's (flights). */
  zones?: [string, string];
  description?: string;
  location?: string;
  /** Who organises it: a person, or the calendar itself (team and holiday calendars). */
  organizer: PersonKey | "calendar";
  attendees?: [PersonKey, Answer, "optional"?][];
  colorId?: string;
  transparent?: boolean;
  visibility?: "private" | "public";
  /** A weekly series: its rule and every instance's local date. */
  weekly?: { rule: string; days: string[] };
}

const TEAM: PersonKey[] = ["priya", "mei", "tom", "aisha", "lucas"];
const everyone = (organizer: PersonKey | "calendar", answers: Partial<Record<PersonKey, Answer>>) =>
  (["jordan", ...TEAM] as PersonKey[])
    .filter((p) => p !== organizer)
    .map((p): [PersonKey, Answer] => [p, answers[p] ?? "accepted"]);

export const AGENDA: readonly AgendaItem[] = [
  // Week of 30 December
  {
    cal: "holidays",
    summary: "New Year's Day",
    day: "2025-01-01",
    description: "Public holiday",
    organizer: "calendar",
    transparent: true,
  },
  {
    cal: "holidays",
    summary: "Martin Luther King Jr. Day",
    day: "2025-01-20",
    description: "Public holiday",
    organizer: "calendar",
    transparent: true,
  },
  {
    cal: "primary",
    summary: "Year-end metrics check-in",
    day: "2024-12-30",
    from: "10:00",
    to: "10:30",
    description: "Look at December sign-ups and churn before the January planning.",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["priya", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Inbox and planning hour",
    day: "2025-01-01",
    from: "11:00",
    to: "12:00",
    organizer: "jordan",
    transparent: true,
  },
  {
    cal: "primary",
    summary: "Northwind freight planning call",
    day: "2025-01-01",
    from: "15:00",
    to: "15:30",
    description: "Dana wants to walk through the January shipping volumes.",
    organizer: "dana",
    attendees: [
      ["dana", "accepted"],
      ["jordan", "tentative"],
      ["omar", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "1:1 Jordan / Priya",
    day: "2025-01-02",
    from: "14:00",
    to: "14:30",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["priya", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Q1 roadmap draft review",
    day: "2025-01-03",
    from: "11:00",
    to: "12:00",
    description: "First pass over the Q1 roadmap before it goes to the whole team.",
    location: "Room 4.02",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["priya", "accepted"],
      ["mei", "accepted"],
      ["tom", "tentative"],
    ],
  },
  // Series on the team calendar
  {
    cal: "team",
    summary: "Daily standup",
    day: "2025-01-06",
    from: "09:30",
    to: "09:45",
    description: "Yesterday, today, blockers. Keep it to fifteen minutes.",
    location: "Google Meet",
    organizer: "calendar",
    attendees: everyone("calendar", {}),
    weekly: {
      rule: "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=9",
      days: [
        "2025-01-06",
        "2025-01-08",
        "2025-01-10",
        "2025-01-13",
        "2025-01-15",
        "2025-01-17",
        "2025-01-20",
        "2025-01-22",
        "2025-01-24",
      ],
    },
  },
  {
    cal: "team",
    summary: "Weekly product sync",
    day: "2025-01-07",
    from: "10:00",
    to: "11:00",
    description: "Metrics, launches and decisions for the week.",
    location: "Room 4.02",
    organizer: "calendar",
    attendees: everyone("calendar", { lucas: "tentative" }),
    colorId: "9",
    weekly: {
      rule: "RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3",
      days: ["2025-01-07", "2025-01-14", "2025-01-21"],
    },
  },
  // Week of 6 January
  {
    cal: "team",
    summary: "Sprint planning",
    day: "2025-01-06",
    from: "11:00",
    to: "12:00",
    description: "Plan sprint 14: onboarding flow and the pricing page.",
    location: "Room 4.02",
    organizer: "calendar",
    attendees: everyone("calendar", {}),
  },
  {
    cal: "primary",
    summary: "Customer interview: Northwind dispatch team",
    day: "2025-01-06",
    from: "15:00",
    to: "15:45",
    description: "How the dispatchers plan routes today and where our app slows them down.",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["omar", "accepted"],
      ["grace", "tentative"],
      ["priya", "accepted"],
    ],
    colorId: "5",
  },
  {
    cal: "primary",
    summary: "Pricing page workshop",
    day: "2025-01-07",
    from: "14:00",
    to: "15:00",
    description: "Sketch three layouts for the new pricing page with Pixelfold.",
    location: "Pixelfold studio, 12 Hoxton Square, London",
    organizer: "priya",
    attendees: [
      ["priya", "accepted"],
      ["jordan", "accepted"],
      ["mei", "accepted"],
      ["elena", "tentative"],
      ["ben", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "1:1 Jordan / Tom",
    day: "2025-01-07",
    from: "16:00",
    to: "16:30",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["tom", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Lunch with Elena Rossi",
    day: "2025-01-08",
    from: "13:00",
    to: "14:00",
    location: "Dishoom Shoreditch, 7 Boundary Street, London",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["elena", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Hiring panel: senior backend engineer",
    day: "2025-01-08",
    from: "15:00",
    to: "16:30",
    description: "Panel interview; scorecards due the same day.",
    organizer: "aisha",
    attendees: [
      ["aisha", "accepted"],
      ["jordan", "needsAction"],
      ["sam", "accepted"],
      ["lucas", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "1:1 Jordan / Priya",
    day: "2025-01-09",
    from: "14:00",
    to: "14:30",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["priya", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Northwind quarterly business review",
    day: "2025-01-09",
    from: "16:00",
    to: "17:30",
    description: "Usage, support tickets and the renewal timeline for Northwind Freight.",
    location: "Google Meet",
    organizer: "dana",
    attendees: [
      ["dana", "accepted"],
      ["jordan", "accepted"],
      ["sam", "accepted"],
      ["omar", "accepted"],
      ["grace", "accepted"],
      ["priya", "declined"],
    ],
    colorId: "11",
  },
  {
    cal: "primary",
    summary: "Accessibility audit readout",
    day: "2025-01-10",
    from: "10:00",
    to: "11:00",
    description: "Mei presents the findings of the December accessibility audit.",
    organizer: "mei",
    attendees: [
      ["mei", "accepted"],
      ["jordan", "tentative"],
      ["priya", "accepted"],
      ["lucas", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Focus time",
    day: "2025-01-10",
    from: "12:00",
    to: "13:00",
    organizer: "jordan",
    transparent: true,
  },
  // Week of 13 January
  {
    cal: "primary",
    summary: "Budget review with finance",
    day: "2025-01-13",
    from: "10:00",
    to: "11:00",
    description: "Agree the Q1 tooling and research budget.",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["tom", "accepted"],
      ["aisha", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Dentist appointment",
    day: "2025-01-13",
    from: "16:00",
    to: "17:00",
    location: "Harley Street Dental, 21 Harley Street, London",
    organizer: "jordan",
    visibility: "private",
  },
  {
    cal: "primary",
    summary: "Security training",
    day: "2025-01-14",
    from: "11:30",
    to: "12:00",
    description: "Yearly phishing and password training.",
    organizer: "aisha",
    attendees: [
      ["aisha", "accepted"],
      ["jordan", "declined"],
      ["priya", "accepted"],
      ["mei", "accepted"],
      ["tom", "accepted"],
      ["lucas", "accepted"],
    ],
  },
  {
    cal: "team",
    summary: "Design review: onboarding flow",
    day: "2025-01-14",
    from: "15:00",
    to: "16:00",
    description: "Pixelfold shows the new onboarding screens; decide what ships in sprint 15.",
    location: "Room 4.02",
    organizer: "calendar",
    attendees: [
      ["jordan", "accepted"],
      ["mei", "accepted"],
      ["lucas", "accepted"],
      ["elena", "accepted"],
      ["ben", "tentative"],
    ],
  },
  {
    cal: "primary",
    summary: "Flight BA117 London Heathrow to New York JFK",
    day: "2025-01-15",
    from: "11:00",
    to: "14:05",
    zones: ["Europe/London", "America/New_York"],
    location: "London Heathrow Terminal 5",
    description: "Booking reference QX7M2P.",
    organizer: "jordan",
    colorId: "8",
  },
  {
    cal: "primary",
    summary: "Northwind onsite visit",
    day: "2025-01-16",
    days: 2,
    location: "Northwind Freight, 200 Water Street, New York",
    description: "Two days with the Northwind dispatch and finance teams.",
    organizer: "jordan",
    transparent: true,
  },
  {
    cal: "primary",
    summary: "1:1 Jordan / Priya",
    day: "2025-01-16",
    from: "14:00",
    to: "14:30",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["priya", "accepted"],
    ],
  },
  {
    cal: "sam",
    summary: "Northwind onsite: dispatch workshops",
    day: "2025-01-16",
    from: "09:30",
    to: "12:00",
    location: "Northwind Freight, 200 Water Street, New York",
    organizer: "sam",
    attendees: [
      ["sam", "accepted"],
      ["jordan", "accepted"],
      ["dana", "accepted"],
      ["omar", "accepted"],
    ],
  },
  {
    cal: "team",
    summary: "Sprint retro",
    day: "2025-01-17",
    from: "15:00",
    to: "16:00",
    location: "Google Meet",
    organizer: "calendar",
    attendees: everyone("calendar", { tom: "declined" }),
  },
  {
    cal: "primary",
    summary: "Flight BA178 New York JFK to London Heathrow",
    day: "2025-01-17",
    from: "18:30",
    toDay: "2025-01-18",
    to: "06:35",
    zones: ["America/New_York", "Europe/London"],
    location: "New York JFK Terminal 8",
    description: "Booking reference QX7M2P.",
    organizer: "jordan",
    colorId: "8",
  },
  // Week of 20 January
  {
    cal: "team",
    summary: "Sprint planning",
    day: "2025-01-20",
    from: "11:00",
    to: "12:00",
    description: "Plan sprint 15.",
    location: "Room 4.02",
    organizer: "calendar",
    attendees: everyone("calendar", {}),
  },
  {
    cal: "primary",
    summary: "Vendor call with Pixelfold",
    day: "2025-01-20",
    from: "14:00",
    to: "14:30",
    description: "Statement of work for the onboarding redesign.",
    organizer: "elena",
    attendees: [
      ["elena", "accepted"],
      ["jordan", "accepted"],
      ["ben", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Northwind onboarding check-in",
    day: "2025-01-20",
    from: "15:00",
    to: "15:30",
    organizer: "dana",
    attendees: [
      ["dana", "accepted"],
      ["jordan", "needsAction"],
      ["omar", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Hiring sync",
    day: "2025-01-20",
    from: "16:00",
    to: "16:30",
    organizer: "sam",
    attendees: [
      ["sam", "accepted"],
      ["jordan", "accepted"],
      ["aisha", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Interview: product designer candidate",
    day: "2025-01-21",
    from: "13:00",
    to: "14:00",
    organizer: "aisha",
    attendees: [
      ["aisha", "accepted"],
      ["jordan", "accepted"],
      ["mei", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Roadmap planning Q1",
    day: "2025-01-22",
    from: "10:00",
    to: "11:30",
    description: "Commit to the Q1 roadmap and owners.",
    location: "Room 4.02",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["priya", "accepted"],
      ["sam", "tentative"],
      ["mei", "accepted"],
      ["tom", "accepted"],
      ["aisha", "accepted"],
      ["lucas", "needsAction"],
    ],
    colorId: "3",
  },
  {
    cal: "primary",
    summary: "1:1 Jordan / Priya",
    day: "2025-01-23",
    from: "14:00",
    to: "14:30",
    organizer: "jordan",
    attendees: [
      ["jordan", "accepted"],
      ["priya", "accepted"],
    ],
  },
  {
    cal: "primary",
    summary: "Coffee with Ben Carter",
    day: "2025-01-23",
    from: "17:00",
    to: "18:00",
    location: "Ozone Coffee, 11 Leonard Street, London",
    organizer: "ben",
    attendees: [
      ["ben", "accepted"],
      ["jordan", "tentative"],
    ],
  },
  {
    cal: "team",
    summary: "Team offsite",
    day: "2025-01-24",
    location: "Hackney Wick studio, London",
    description: "Whole-day offsite: retrospective of the quarter and team dinner.",
    organizer: "calendar",
  },
  // Sam Rivera's own New York calendar
  ...(["2025-01-06", "2025-01-13", "2025-01-23"] as const).map(
    (day): AgendaItem => ({
      cal: "sam",
      summary: "Pipeline review",
      day,
      from: "09:00",
      to: "10:00",
      organizer: "sam",
      attendees: [
        ["sam", "accepted"],
        ["tom", "accepted"],
      ],
    }),
  ),
  {
    cal: "sam",
    summary: "Lunch with Dana Whitfield",
    day: "2025-01-07",
    from: "12:30",
    to: "13:30",
    location: "Pier A Harbor House, New York",
    organizer: "sam",
    attendees: [
      ["sam", "accepted"],
      ["dana", "accepted"],
    ],
  },
  {
    cal: "sam",
    summary: "Renewal prep for Northwind",
    day: "2025-01-09",
    from: "09:00",
    to: "10:00",
    organizer: "sam",
    attendees: [
      ["sam", "accepted"],
      ["tom", "accepted"],
    ],
  },
  {
    cal: "sam",
    summary: "Weekly sales forecast",
    day: "2025-01-09",
    from: "13:00",
    to: "13:30",
    organizer: "sam",
  },
  {
    cal: "sam",
    summary: "Weekly sales forecast",
    day: "2025-01-23",
    from: "11:00",
    to: "11:30",
    organizer: "sam",
  },
  {
    cal: "sam",
    summary: "Northwind team lunch",
    day: "2025-01-16",
    from: "12:30",
    to: "13:30",
    location: "Northwind Freight, 200 Water Street, New York",
    organizer: "sam",
  },
  {
    cal: "sam",
    summary: "Gym",
    day: "2025-01-21",
    from: "07:00",
    to: "08:00",
    organizer: "sam",
    visibility: "private",
  },
];
