// What a user writes into a team wiki: bullets added under a heading, comments left on a page,
// paragraphs added at the end of a page, and dates they move things to. No digits in the texts,
// so a counted answer never shows up in the instruction that asks for it.

/** Bullets that fit under any heading of a team wiki. */
export const BULLETS: readonly string[] = [
  "Check this with the security team first",
  "Owner to confirm by the end of the week",
  "Raised again in the weekly sync",
  "Needs a decision from Priya",
  "Blocked on the vendor contract",
  "Document the workaround in the runbook",
  "Revisit after the deploy freeze",
  "Only affects customers on the old plan",
  "Add a dashboard before rolling out",
  "Ask support how often customers hit this",
];

/** Comments a teammate leaves on a page. */
export const COMMENTS: readonly string[] = [
  "Looks good to me.",
  "Can we review this in the next sync?",
  "I added a few notes to this page.",
  "Is this still up to date?",
  "Thanks, this helped a lot.",
  "Please link the related tickets here.",
  "Let us keep this page short.",
  "Who owns this page now?",
];

/** Paragraphs added at the end of a page. */
export const PARAGRAPHS: readonly string[] = [
  "Last reviewed by the team in January.",
  "Questions go to the engineering channel.",
  "This page replaces the old wiki entry.",
  "See the roadmap for what comes next.",
  "Keep this page in sync with the handbook.",
];

/** Dates a user moves a due date to. */
export const DUE_DATES: readonly string[] = [
  "2025-01-17",
  "2025-01-31",
  "2025-02-14",
  "2025-02-28",
  "2025-03-14",
];

/** Cut-off days for "due before ...". */
export const CUTOFFS: readonly string[] = ["2024-12-20", "2025-01-01", "2025-01-06", "2025-01-20"];
