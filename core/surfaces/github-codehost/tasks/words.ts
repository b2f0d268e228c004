// The words code-host tasks put in a user's mouth: comments to leave on issues and pull requests,
// notes to close an issue with, review texts, new issues to open, and branch names for small fixes.
// Each is plain text a user could type (no double quotes, no backticks).

export const ISSUE_COMMENTS: readonly string[] = [
  "I can reproduce this on the latest main.",
  "Bumping this: a customer ran into it again today.",
  "Could you add the steps to reproduce?",
  "I will look into this after the release.",
  "This is on the list for the next sprint.",
  "Is anyone already working on this?",
  "Linking this to the incident review from last week.",
  "Let us pair on this on Thursday.",
];

export const CLOSING_NOTES: readonly string[] = [
  "Closing: this is no longer reproducible.",
  "Closing as a duplicate of an older report.",
  "Closing for now, we can reopen if it comes back.",
  "Fixed on main, closing.",
  "Closing: we decided not to do this.",
];

export const APPROVALS: readonly string[] = [
  "Looks good to me.",
  "Approved, nice work.",
  "Tested locally, ship it.",
  "LGTM, thanks for the quick fix.",
  "Approving, the change is small and well scoped.",
];

export const CHANGE_REQUESTS: readonly string[] = [
  "Please add tests for the new behaviour.",
  "Please split this into smaller commits.",
  "The change needs a note in the README.",
  "Please handle the error case before we merge.",
];

export const PULL_COMMENTS: readonly string[] = [
  "The checks are failing, please take a look.",
  "CI is red on this one, can you fix it before review?",
  "Heads up: this will not merge until the checks pass.",
];

export const NEW_ISSUES: readonly { title: string; body: string }[] = [
  { title: "Add a changelog", body: "We should keep a CHANGELOG.md with one entry per release." },
  { title: "Set up Dependabot", body: "Weekly dependency updates would keep us off old versions." },
  {
    title: "Add a code of conduct",
    body: "Adopt the Contributor Covenant and link it from the README.",
  },
  { title: "Document the release process", body: "Write down who tags releases and how." },
  { title: "Add a pull request template", body: "A checklist for tests, docs and screenshots." },
  { title: "Audit logging for admin actions", body: "Record who changed what and when." },
];

export const BRANCH_NAMES: readonly string[] = ["fix-typo", "small-fix", "docs-update"];
