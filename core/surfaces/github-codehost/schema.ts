// The code host's tables. Git objects are content-addressed and shared by every repository (a
// fork points its branches at the same commits): `code_blobs` holds each file content once under
// its blob sha, and a commit keeps a compact snapshot of its whole tree, a JSON object from path
// to blob sha, so a file at any commit is one lookup and a diff compares two snapshots. Issues and
// pull requests share one number sequence per repository (`code_issues`, with `is_pull`); a pull
// request's branches and merge state live in `code_pulls`. Labels and assignees of an issue are
// JSON arrays of names and logins, each once and in name order.

export const CODE_TABLES = {
  accounts: "code_accounts",
  members: "code_members",
  repos: "code_repos",
  blobs: "code_blobs",
  commits: "code_commits",
  branches: "code_branches",
  labels: "code_labels",
  milestones: "code_milestones",
  issues: "code_issues",
  pulls: "code_pulls",
  comments: "code_comments",
  reviews: "code_reviews",
  reviewComments: "code_review_comments",
  statuses: "code_statuses",
} as const;

export type CodeTable = keyof typeof CODE_TABLES;

export const CODE_COLUMNS: Record<CodeTable, readonly string[]> = {
  accounts: [
    "login",
    "id",
    "type",
    "name",
    "company",
    "location",
    "bio",
    "email",
    "followers",
    "created_at",
  ],
  members: ["org", "login"],
  repos: [
    "id",
    "owner",
    "name",
    "description",
    "private",
    "fork_of",
    "default_branch",
    "language",
    "created_at",
    "updated_at",
    "pushed_at",
  ],
  blobs: ["sha", "content"],
  commits: [
    "sha",
    "tree_sha",
    "tree",
    "message",
    "author_login",
    "author_name",
    "author_email",
    "authored_at",
    "parents",
  ],
  branches: ["repo_id", "name", "sha"],
  labels: ["id", "repo_id", "name", "color", "description"],
  milestones: ["id", "repo_id", "number", "title", "description", "state", "due_on", "created_at"],
  issues: [
    "id",
    "repo_id",
    "number",
    "is_pull",
    "title",
    "body",
    "state",
    "author",
    "labels",
    "assignees",
    "milestone",
    "created_at",
    "updated_at",
    "closed_at",
  ],
  pulls: [
    "repo_id",
    "number",
    "head_repo_id",
    "head_ref",
    "head_sha",
    "base_ref",
    "draft",
    "merged",
    "merged_at",
    "merged_by",
    "merge_commit_sha",
    "maintainer_can_modify",
  ],
  comments: ["id", "repo_id", "number", "author", "body", "created_at", "updated_at"],
  reviews: ["id", "repo_id", "number", "author", "state", "body", "commit_id", "submitted_at"],
  reviewComments: [
    "id",
    "review_id",
    "repo_id",
    "number",
    "path",
    "line",
    "position",
    "body",
    "author",
    "commit_id",
    "created_at",
  ],
  statuses: ["id", "sha", "context", "state", "description", "created_at"],
};

export const CODE_KEYS: Record<CodeTable, string> = {
  accounts: "login",
  members: "org, login",
  repos: "id",
  blobs: "sha",
  commits: "sha",
  branches: "repo_id, name",
  labels: "id",
  milestones: "id",
  issues: "id",
  pulls: "repo_id, number",
  comments: "id",
  reviews: "id",
  reviewComments: "id",
  statuses: "id",
};

export const CODE_SCHEMA_SQL = `CREATE TABLE code_accounts (
  login TEXT NOT NULL PRIMARY KEY,
  id INTEGER NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('User', 'Organization')),
  name TEXT NOT NULL,
  company TEXT NOT NULL,
  location TEXT NOT NULL,
  bio TEXT NOT NULL,
  email TEXT NOT NULL,
  followers INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE code_members (
  org TEXT NOT NULL REFERENCES code_accounts (login),
  login TEXT NOT NULL REFERENCES code_accounts (login),
  PRIMARY KEY (org, login)
);

CREATE TABLE code_repos (
  id INTEGER NOT NULL PRIMARY KEY,
  owner TEXT NOT NULL REFERENCES code_accounts (login),
  name TEXT NOT NULL,
  description TEXT,
  private INTEGER NOT NULL CHECK (private IN (0, 1)),
  fork_of INTEGER REFERENCES code_repos (id),
  default_branch TEXT NOT NULL,
  language TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  pushed_at TEXT NOT NULL,
  UNIQUE (owner, name)
);

CREATE TABLE code_blobs (
  sha TEXT NOT NULL PRIMARY KEY,
  content TEXT NOT NULL
);

CREATE TABLE code_commits (
  sha TEXT NOT NULL PRIMARY KEY,
  tree_sha TEXT NOT NULL,
  tree TEXT NOT NULL,
  message TEXT NOT NULL,
  author_login TEXT,
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL,
  authored_at TEXT NOT NULL,
  parents TEXT NOT NULL
);

CREATE TABLE code_branches (
  repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  name TEXT NOT NULL,
  sha TEXT NOT NULL REFERENCES code_commits (sha),
  PRIMARY KEY (repo_id, name)
);

CREATE TABLE code_labels (
  id INTEGER NOT NULL PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  name TEXT NOT NULL,
  color TEXT NOT NULL,
  description TEXT,
  UNIQUE (repo_id, name)
);

CREATE TABLE code_milestones (
  id INTEGER NOT NULL PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('open', 'closed')),
  due_on TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (repo_id, number)
);

CREATE TABLE code_issues (
  id INTEGER NOT NULL PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  number INTEGER NOT NULL,
  is_pull INTEGER NOT NULL CHECK (is_pull IN (0, 1)),
  title TEXT NOT NULL,
  body TEXT,
  state TEXT NOT NULL CHECK (state IN ('open', 'closed')),
  author TEXT NOT NULL REFERENCES code_accounts (login),
  labels TEXT NOT NULL,
  assignees TEXT NOT NULL,
  milestone INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  closed_at TEXT,
  UNIQUE (repo_id, number)
);

CREATE TABLE code_pulls (
  repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  number INTEGER NOT NULL,
  head_repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  head_ref TEXT NOT NULL,
  head_sha TEXT NOT NULL,
  base_ref TEXT NOT NULL,
  draft INTEGER NOT NULL CHECK (draft IN (0, 1)),
  merged INTEGER NOT NULL CHECK (merged IN (0, 1)),
  merged_at TEXT,
  merged_by TEXT,
  merge_commit_sha TEXT,
  maintainer_can_modify INTEGER NOT NULL CHECK (maintainer_can_modify IN (0, 1)),
  PRIMARY KEY (repo_id, number)
);

CREATE TABLE code_comments (
  id INTEGER NOT NULL PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  number INTEGER NOT NULL,
  author TEXT NOT NULL REFERENCES code_accounts (login),
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE code_reviews (
  id INTEGER NOT NULL PRIMARY KEY,
  repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  number INTEGER NOT NULL,
  author TEXT NOT NULL REFERENCES code_accounts (login),
  state TEXT NOT NULL CHECK (state IN ('APPROVED', 'CHANGES_REQUESTED', 'COMMENTED')),
  body TEXT NOT NULL,
  commit_id TEXT NOT NULL,
  submitted_at TEXT NOT NULL
);

CREATE TABLE code_review_comments (
  id INTEGER NOT NULL PRIMARY KEY,
  review_id INTEGER NOT NULL REFERENCES code_reviews (id),
  repo_id INTEGER NOT NULL REFERENCES code_repos (id),
  number INTEGER NOT NULL,
  path TEXT NOT NULL,
  line INTEGER,
  position INTEGER,
  body TEXT NOT NULL,
  author TEXT NOT NULL REFERENCES code_accounts (login),
  commit_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE code_statuses (
  id INTEGER NOT NULL PRIMARY KEY,
  sha TEXT NOT NULL,
  context TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('error', 'failure', 'pending', 'success')),
  description TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE INDEX code_issues_repo ON code_issues (repo_id, is_pull, state);
CREATE INDEX code_comments_issue ON code_comments (repo_id, number);
CREATE INDEX code_reviews_pull ON code_reviews (repo_id, number);
CREATE INDEX code_statuses_sha ON code_statuses (sha);`;
