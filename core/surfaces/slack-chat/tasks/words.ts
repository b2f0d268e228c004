// What a user asks the agent to say or react with in a workspace: reactions people use at work,
// short thread replies that fit most messages, and announcements with a follow-up for the thread.
// Only emoji every Slack workspace has; a server that refuses one fails validation, not the run.

export const REACTIONS = [
  "eyes",
  "+1",
  "white_check_mark",
  "tada",
  "pray",
  "rocket",
  "heart",
  "raised_hands",
  "fire",
  "clap",
  "100",
  "bulb",
  "memo",
  "pushpin",
] as const;

export const THREAD_REPLIES = [
  "Thanks for the update!",
  "Noted, thanks.",
  "I'll follow up on this today.",
  "Adding this to Tuesday's agenda.",
  "Is there a ticket for this?",
  "Great, thanks for flagging.",
  "Let's discuss this at standup.",
  "Following this thread.",
  "Looping in the rest of the team on this.",
  "Can you share more details when you have them?",
] as const;

/** An announcement and what its author adds in its thread. */
export const ANNOUNCEMENTS: readonly (readonly [post: string, followUp: string])[] = [
  [
    "Reminder: the Insights 3.0 go/no-go is on Tuesday at 5pm UTC.",
    "The release checklist is pinned in the engineering channel.",
  ],
  ["Office hours with the platform team are moving to Thursdays.", "Same time as before, 4pm UTC."],
  ["I'm collecting questions for Thursday's all-hands.", "Reply here with yours by Wednesday."],
  [
    "The staging environment will be down for maintenance tonight.",
    "Expected window: 22:00 to 23:00 UTC.",
  ],
  [
    "The postmortem for the checkout incident is on Tuesday.",
    "The doc will follow in this thread.",
  ],
  ["Welcome to the new week, everyone!", "Here's to a smooth code freeze."],
  [
    "Lunch and learn on dashboard sharing this Friday.",
    "Bring your questions for the product team.",
  ],
  [
    "Please update your status in the release checklist by Monday.",
    "Ping me if anything is blocked.",
  ],
];

/** The wording of a count posted back to a channel: `<prefix> <n>`. */
export const COUNT_PREFIXES = ["Tally:", "Count:", "Total so far:"] as const;
