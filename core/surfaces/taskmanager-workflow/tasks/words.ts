// What a user says to a task queue: notes left on finished work, sentences added to a task's
// description, new tasks to add to a request, markers put in front of a title, and whole new
// requests with their plan. No digits anywhere, so a counted answer never shows up in the
// instruction that asks for it.

/** Notes on finished work that fit any task. */
export const DONE_NOTES: readonly string[] = [
  "Done and checked with the team.",
  "Finished; the details are in the team doc.",
  "Completed and verified in staging.",
  "Done; nothing unexpected came up.",
  "Finished today and ready for your review.",
  "Completed as described, no follow-ups needed.",
  "Done; I left a short summary in the channel.",
  "Wrapped up, and the checklist is updated.",
  "Finished and double-checked.",
  "Done, with notes added to the ticket.",
  "Completed; one small follow-up is in the backlog.",
  "Done and shared with the stakeholders.",
];

/** Sentences a user adds to the end of a task's description. */
export const DESCRIPTION_ADDITIONS: readonly string[] = [
  "Check with Priya before starting.",
  "Keep it behind a feature flag.",
  "Timebox it to one afternoon.",
  "Pair with someone from support.",
  "Post a short update in the team channel when done.",
  "Ask the design team for a quick review.",
  "Raise any blockers in the weekly sync.",
  "Loop in the account team.",
  "Link the related ticket.",
  "Write down anything that surprised you.",
];

/** Markers a user puts in front of a task's title. */
export const TITLE_MARKERS: readonly string[] = [
  "Urgent:",
  "Blocked:",
  "Optional:",
  "Stretch goal:",
];

/** Tasks a user adds to any request. */
export const EXTRA_TASKS: readonly { title: string; description: string }[] = [
  { title: "Write a short summary", description: "Summarize the outcome for the weekly update." },
  {
    title: "Get sign-off from the team lead",
    description: "Ask the team lead to review the result and confirm it.",
  },
  {
    title: "Update the project board",
    description: "Move the related cards and close the finished ones.",
  },
  { title: "Share the results", description: "Post the results in the team channel with links." },
  {
    title: "Archive the working documents",
    description: "Move drafts and notes to the project archive.",
  },
  {
    title: "Hold a short retrospective",
    description: "Talk through what went well and what to change next time.",
  },
  {
    title: "Document the decisions",
    description: "Record the decisions made, and why, in the team wiki.",
  },
  {
    title: "Notify the stakeholders",
    description: "Email the stakeholders that the work is done.",
  },
  {
    title: "Plan the follow-ups",
    description: "List any follow-up work and add it to the backlog.",
  },
  {
    title: "Check the budget",
    description: "Compare the time and money spent with the plan.",
  },
];

export interface NewRequest {
  text: string;
  tasks: { title: string; description: string }[];
}

/** Requests a user plans from scratch, each split into three tasks. */
export const NEW_REQUESTS: readonly NewRequest[] = [
  {
    text: "Translate the help center into Spanish",
    tasks: [
      { title: "Pick the articles", description: "Choose the most visited help articles." },
      { title: "Translate the articles", description: "Translate them with the glossary." },
      { title: "Review with a native speaker", description: "Have Lucia proofread every article." },
    ],
  },
  {
    text: "Set up error monitoring for the mobile app",
    tasks: [
      { title: "Create the monitoring project", description: "Add a project for iOS and Android." },
      { title: "Add the SDK to the app", description: "Install the SDK and upload source maps." },
      { title: "Route alerts to on-call", description: "Send new errors to the on-call channel." },
    ],
  },
  {
    text: "Clean up unused cloud resources",
    tasks: [
      { title: "List idle resources", description: "Find machines and disks unused for a month." },
      { title: "Confirm with the owners", description: "Ask each owner before removing anything." },
      { title: "Delete what is confirmed", description: "Remove the confirmed resources." },
    ],
  },
  {
    text: "Prepare the summer intern program",
    tasks: [
      { title: "Collect project ideas", description: "Ask each team for one intern project." },
      { title: "Assign mentors", description: "Pair every intern with a mentor." },
      { title: "Plan the first week", description: "Write the onboarding schedule." },
    ],
  },
  {
    text: "Redesign the pricing page",
    tasks: [
      { title: "Review competitor pages", description: "Collect pricing pages we like." },
      { title: "Draft the new layout", description: "Sketch the layout with the design team." },
      { title: "Test it with customers", description: "Run short interviews on the new layout." },
    ],
  },
  {
    text: "Run the security awareness training",
    tasks: [
      { title: "Pick the training course", description: "Choose a course that covers phishing." },
      { title: "Invite everyone", description: "Send the invitations with a deadline." },
      { title: "Track completion", description: "Remind anyone who has not finished." },
    ],
  },
];

/** Words too common to pick tasks by. */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  "about",
  "after",
  "before",
  "both",
  "each",
  "every",
  "from",
  "into",
  "that",
  "their",
  "them",
  "then",
  "they",
  "this",
  "what",
  "when",
  "with",
  "your",
  "the",
  "and",
]);
