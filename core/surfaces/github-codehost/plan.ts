// The shape of the seeded code host's script: each repository's main-branch history as commits
// that add, edit or delete files, and its issues and pull requests as people wrote them (a pull
// request brings the commits of its branch, its reviews and checks, and whether it was merged).
// seed.ts plays the script into commits, branches and rows.

/** A new file, an edit replacing one exact passage of a file, or a deletion. */
export type FileChange =
  | { path: string; content: string }
  | { path: string; from: string; to: string }
  | { path: string; remove: true };

export interface CommitPlan {
  at: string;
  /** The first part of the author's login (`priya`). */
  by: string;
  message: string;
  changes: FileChange[];
}

export interface CommentPlan {
  by: string;
  at: string;
  body: string;
}

export interface ReviewPlan {
  by: string;
  at: string;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED";
  body: string;
  /** Line comments on the new side of the diff. */
  comments?: { path: string; line: number; body: string }[];
}

export interface IssuePlan {
  title: string;
  body: string;
  by: string;
  at: string;
  /** When it was closed; absent while open. */
  closedAt?: string;
  labels: string[];
  assignees: string[];
  /** A milestone's title. */
  milestone?: string;
  comments?: CommentPlan[];
}

export interface PullPlan {
  title: string;
  body: string;
  by: string;
  at: string;
  branch: string;
  commits: CommitPlan[];
  state: "open" | "closed" | "merged";
  /** When it was merged (by `mergedBy`) or closed. */
  closedAt?: string;
  mergedBy?: string;
  draft?: boolean;
  labels: string[];
  assignees: string[];
  reviews?: ReviewPlan[];
  comments?: CommentPlan[];
  /** Commit status contexts on the head commit and their state. */
  checks?: Record<string, "success" | "failure" | "pending">;
}

export interface MilestonePlan {
  title: string;
  description: string;
  state: "open" | "closed";
  dueOn: string;
}

export interface RepoPlan {
  name: string;
  description: string;
  language: string;
  createdAt: string;
  milestones: MilestonePlan[];
  /** Commits on the default branch (`main`), oldest first. */
  history: CommitPlan[];
  issues: IssuePlan[];
  pulls: PullPlan[];
}

export const LABEL_COLORS: Readonly<Record<string, { color: string; description: string }>> = {
  bug: { color: "d73a4a", description: "Something isn't working" },
  enhancement: { color: "a2eeef", description: "New feature or request" },
  documentation: { color: "0075ca", description: "Improvements or additions to documentation" },
  "good first issue": { color: "7057ff", description: "Good for newcomers" },
  "help wanted": { color: "008672", description: "Extra attention is needed" },
  question: { color: "d876e3", description: "Further information is requested" },
  performance: { color: "fbca04", description: "Makes something faster or lighter" },
  security: { color: "b60205", description: "A vulnerability or a hardening step" },
  dependencies: { color: "0366d6", description: "Pull requests that update a dependency file" },
};
