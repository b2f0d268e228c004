// Words bases tasks use: comments a colleague would leave on a record, names of new records a user
// would add to a table (by the table's name; tables without a list get no such task), and names
// of fields a user would add.

export const COMMENTS: readonly string[] = [
  "Can we review this at Thursday's sync?",
  "Looping in finance before we commit to a date.",
  "I talked to the customer, they are fine with the new timeline.",
  "Please double-check the numbers before Friday.",
  "Blocked until legal signs off.",
  "This slipped from last week, let's prioritise it.",
  "Updated after the planning meeting.",
  "Moving this up, it came up in three customer calls.",
  "Waiting on design for the final mockups.",
  "Good to go from my side.",
  "Let's revisit after the quarterly review.",
  "Flagging for the leadership update.",
];

/** New record names per table name. */
export const NEW_RECORDS: Readonly<Record<string, readonly string[]>> = {
  Features: [
    "Calendar sync",
    "Custom report builder",
    "Slack notifications",
    "Saved search filters",
    "Granular admin roles",
    "Data retention settings",
  ],
  Contacts: ["Olivia Bennett", "Marco Rossi", "Hana Kowalski", "Samuel Adeyemi", "Julia Novak"],
  Deals: ["Expansion pilot", "Renewal 2025", "Analytics add-on", "Premium support upgrade"],
  Articles: [
    "Ten tips for faster onboarding",
    "What's new in the mobile app",
    "Behind the scenes of our support team",
    "How to plan a product launch",
  ],
};

export const CHECKBOX_NAMES: readonly string[] = [
  "Needs review",
  "Flagged",
  "High value",
  "Escalate",
  "Watch list",
];
