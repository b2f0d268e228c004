// Seed documents of the issue-tracker profile: eight users, four projects, the workflow's statuses,
// priorities and issue types, thirty issues written like a real backlog (summaries per project,
// varied statuses, priorities, assignees, labels and due dates, created between October 2024 and
// the episode clock's start in January 2025), comments and worklogs on many of them, and each
// issue's watchers. All choices come from the fixed-seed generator, so an import is byte-stable.
import type { Json } from "../../base/json";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { pick, type Random } from "../kit/seed-values";
import type { CollectionConfig, TransitionConfig } from "./config";
import { type ProfileInput, type SeedDoc, timestamp } from "./profile";

/** The placeholder site Atlassian's own REST documentation uses. */
export const TRACKER_SITE = "https://your-domain.atlassian.net";

const USERS = [
  ["Priya Raman", "Europe/London"],
  ["Marcus Chen", "America/Los_Angeles"],
  ["Sofia Alvarez", "Europe/Madrid"],
  ["Daniel Okafor", "Africa/Lagos"],
  ["Hannah Schmidt", "Europe/Berlin"],
  ["Kenji Watanabe", "Asia/Tokyo"],
  ["Amara Nwosu", "America/New_York"],
  ["Lucas Moreau", "Europe/Paris"],
] as const;

const PROJECTS = [
  ["PROJ", "Core Platform", "Shared services: authentication, billing and the public API."],
  ["WEB", "Website", "The marketing site, blog and documentation portal."],
  ["MOB", "Mobile App", "The iOS and Android apps."],
  ["OPS", "Infrastructure & Operations", "CI, hosting, monitoring and on-call tooling."],
] as const;

/** Workflow order (for ORDER BY status), each with its transition id and Jira status category. */
const STATUSES = [
  ["10000", "To Do", "11", 2, "new", "blue-gray", "To Do", "Work that has not started."],
  ["3", "In Progress", "21", 4, "indeterminate", "yellow", "In Progress", "Work in progress."],
  ["10001", "In Review", "41", 4, "indeterminate", "yellow", "In Progress", "Waiting for review."],
  ["10002", "Done", "31", 3, "done", "green", "Done", "Work that is finished."],
] as const;

const PRIORITIES = [
  ["1", "Highest", "#d04437", "This problem will block progress."],
  ["2", "High", "#f15C75", "Serious problem that could block progress."],
  ["3", "Medium", "#f79232", "Has the potential to affect progress."],
  ["4", "Low", "#707070", "Minor problem or easily worked around."],
  ["5", "Lowest", "#999999", "Trivial problem with little or no impact on progress."],
] as const;

const TYPES = [
  ["10000", "Epic", "A big user story that needs to be broken down.", 1],
  ["10001", "Task", "A small, distinct piece of work.", 0],
  ["10002", "Bug", "A problem or error.", 0],
  ["10003", "Story", "Functionality or a feature expressed as a user goal.", 0],
] as const;

const BACKLOG: Record<string, [string, string][]> = {
  PROJ: [
    ["Task", "Rotate signing keys for the auth service"],
    ["Bug", "Password reset emails are sent twice"],
    ["Story", "Support SSO login with Okta"],
    ["Bug", "Billing webhook retries never back off"],
    ["Task", "Upgrade PostgreSQL from 14 to 16"],
    ["Story", "Expose usage metrics in the public API"],
    ["Bug", "Rate limiter blocks internal health checks"],
    ["Epic", "API v2 migration"],
    ["Task", "Document the token refresh flow"],
    ["Bug", "Invoice PDF shows the wrong currency symbol"],
  ],
  WEB: [
    ["Story", "Redesign the pricing page"],
    ["Bug", "Broken images on the blog index in Safari"],
    ["Task", "Add a cookie consent banner for EU visitors"],
    ["Bug", "Contact form accepts invalid email addresses"],
    ["Story", "Localize the landing page into German"],
    ["Task", "Improve the Lighthouse score of the homepage"],
    ["Bug", "Search results page crashes on an empty query"],
    ["Epic", "Marketing site refresh"],
  ],
  MOB: [
    ["Bug", "App crashes on launch on Android 14"],
    ["Story", "Offline mode for saved articles"],
    ["Task", "Renew the push notification certificates"],
    ["Bug", "Dark mode text is unreadable on the settings screen"],
    ["Story", "Biometric login on iOS"],
    ["Bug", "Login spinner never stops after a timeout"],
    ["Task", "Release 3.2.0 to the App Store"],
  ],
  OPS: [
    ["Task", "Migrate CI runners to ARM instances"],
    ["Bug", "Nightly backup job fails on the reporting database"],
    ["Task", "Alert when disk usage passes 85 percent"],
    ["Story", "Self-service staging environments"],
    ["Bug", "TLS certificate of the status page expires in 10 days"],
  ],
};

const LABELS: Record<string, string[]> = {
  PROJ: ["backend", "security", "api", "billing"],
  WEB: ["frontend", "seo", "customer-reported"],
  MOB: ["ios", "android", "customer-reported"],
  OPS: ["infra", "monitoring", "ci"],
};

const DESCRIPTIONS: Record<string, string> = {
  Bug: "Seen in production since the last release. Steps to reproduce are in the linked support ticket.",
  Story:
    "As a customer I want this so that I can get my work done faster. Acceptance criteria are in the design doc.",
  Task: "Follow the runbook and tick off the checklist when done.",
  Epic: "Umbrella for all the work on this initiative.",
};

const COMMENTS = [
  "I can reproduce this on staging.",
  "Fixed in the latest build, please verify.",
  "Blocked until the API change ships.",
  "Moving this to the next sprint.",
  "Added the logs from the failing run.",
  "Looks good to me.",
  "Can we get a design review first?",
  "The customer confirmed the workaround helps.",
  "Pairing on this tomorrow morning.",
  "This needs a migration plan before we merge.",
];

const WORK = [
  "Investigated the root cause.",
  "Wrote the fix and the tests.",
  "Code review and follow-ups.",
  "Paired on the rollout.",
  "Updated the documentation.",
];

const DAY = 86_400_000;
const START = Date.UTC(2024, 9, 1, 8);
/** The episode clock starts on 2025-01-06 09:00 UTC: seed times stay before it. */
const LAST = Date.UTC(2025, 0, 5, 17);

export function adf(text: string): JsonObject {
  return {
    type: "doc",
    version: 1,
    content: [{ type: "paragraph", content: [{ type: "text", text }] }],
  };
}

function hex(rnd: Random, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += Math.floor(rnd() * 16).toString(16);
  return s;
}

/** Whole minutes, so timestamps look typed by people, not by a generator. */
const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

export interface TrackerSeed {
  docs: SeedDoc[];
  actor: string;
  transitions: TransitionConfig[];
  ranks: { status: string[]; priority: string[] };
}

export function trackerDocs(input: ProfileInput, collections: CollectionConfig[]): TrackerSeed {
  const { rnd } = input;
  const base = `${TRACKER_SITE}/${input.model.base.join("/")}`;
  const t = (ms: number) => timestamp(ms, "jira");
  const has = (name: string) => collections.some((c) => c.name === name);
  const docs: SeedDoc[] = [];
  // A row's times are its document's (`fields.created` for issues), else the seed's start.
  const add = (collection: string, parent: string, doc: JsonObject, key: string | null = null) => {
    const fields = isJsonObject(doc.fields) ? doc.fields : doc;
    const when = (v: Json | undefined) => (typeof v === "string" ? v : t(START));
    const id = String(collection === "user" || collection === "watchers" ? doc.accountId : doc.id);
    docs.push({
      collection,
      parent,
      id,
      key,
      doc,
      created: when(fields.created),
      updated: when(fields.updated ?? fields.created),
    });
  };

  const users = USERS.map(([name, timeZone], i) => {
    const accountId = `${["5b10", "5d8e", "6123", "712020"][i % 4]}${hex(rnd, i % 4 === 3 ? 18 : 20)}`;
    const [firstName, lastName] = name.split(" ");
    return {
      self: `${base}/user?accountId=${accountId}`,
      accountId,
      accountType: "atlassian",
      emailAddress: `${firstName?.toLowerCase()}.${lastName?.toLowerCase()}@example.com`,
      displayName: name,
      active: i !== USERS.length - 1,
      timeZone,
      locale: "en_US",
    };
  });
  const userRef = (u: (typeof users)[number]): JsonObject => ({
    self: u.self,
    accountId: u.accountId,
    emailAddress: u.emailAddress,
    displayName: u.displayName,
    active: u.active,
    timeZone: u.timeZone,
    accountType: u.accountType,
  });
  const userAt = (i: number) => {
    const u = users[i % users.length];
    if (u === undefined) throw new Error("the tracker seed has no users");
    return u;
  };
  const active = users.filter((u) => u.active);
  const actor = users[0]?.accountId ?? "";
  if (has("user")) for (const u of users) add("user", "", u);

  const projects = PROJECTS.map(([key, name, description], i) => ({
    self: `${base}/project/${10000 + i}`,
    id: String(10000 + i),
    key,
    name,
    description,
    lead: userRef(userAt(i)),
    projectTypeKey: "software",
    isPrivate: false,
  }));
  if (has("project")) for (const p of projects) add("project", "", p, p.key);

  const statuses = STATUSES.map(([id, name, , catId, catKey, color, catName, description]) => ({
    self: `${base}/status/${id}`,
    description,
    name,
    id,
    statusCategory: {
      self: `${base}/statuscategory/${catId}`,
      id: catId,
      key: catKey,
      colorName: color,
      name: catName,
    },
  }));
  if (has("status")) for (const s of statuses) add("status", "", s);
  const priorities = PRIORITIES.map(([id, name, statusColor, description]) => ({
    self: `${base}/priority/${id}`,
    statusColor,
    description,
    name,
    id,
  }));
  if (has("priority")) for (const p of priorities) add("priority", "", p);
  const types = TYPES.map(([id, name, description, hierarchyLevel]) => ({
    self: `${base}/issuetype/${id}`,
    id,
    description,
    name,
    subtask: false,
    hierarchyLevel,
  }));
  if (has("issuetype")) for (const ty of types) add("issuetype", "", ty);

  const view = <T extends Record<string, Json>>(doc: T, keys: string[]): JsonObject =>
    Object.fromEntries(keys.filter((k) => doc[k] !== undefined).map((k) => [k, doc[k] as Json]));
  const statusView = (i: number) =>
    view(statuses[i] ?? statuses[0] ?? {}, ["self", "description", "name", "id", "statusCategory"]);
  const priorityView = (name: string) =>
    view(priorities.find((p) => p.name === name) ?? priorities[2] ?? {}, ["self", "name", "id"]);

  // The backlog in creation order: each entry gets a time, then ids and per-project keys follow it.
  const planned = Object.entries(BACKLOG)
    .flatMap(([project, items]) => items.map(([type, summary]) => ({ project, type, summary })))
    .map((item) => ({ ...item, at: minute(START + rnd() * (LAST - 2 * DAY - START)) }))
    .sort((a, b) => a.at - b.at || a.summary.localeCompare(b.summary));
  const counters = new Map<string, number>();
  const issues = planned.map((item, i) => {
    const n = (counters.get(item.project) ?? 0) + 1;
    counters.set(item.project, n);
    const age = (LAST - item.at) / (LAST - START);
    const r = rnd();
    const statusAt = r < 0.15 + 0.6 * age ? 3 : r < 0.7 ? 1 : r < 0.82 ? 2 : 0;
    const statusIndex = item.type === "Epic" ? 1 : statusAt;
    const assignee = statusIndex === 0 && rnd() < 0.5 ? null : userRef(pick(rnd, active));
    const reporter = userRef(pick(rnd, active));
    const p = rnd();
    const priority =
      item.type === "Bug"
        ? p < 0.2
          ? "Highest"
          : p < 0.55
            ? "High"
            : "Medium"
        : p < 0.1
          ? "High"
          : p < 0.6
            ? "Medium"
            : p < 0.85
              ? "Low"
              : "Lowest";
    const pool = LABELS[item.project] ?? [];
    const labels = pool.filter(() => rnd() < 0.3).slice(0, 2);
    const updated = minute(Math.min(LAST, item.at + rnd() * (statusIndex === 3 ? 15 : 10) * DAY));
    const due =
      rnd() < 0.35
        ? new Date(item.at + (14 + Math.floor(rnd() * 31)) * DAY).toISOString().slice(0, 10)
        : null;
    const id = String(10001 + i);
    const key = `${item.project}-${n}`;
    const project = projects.find((x) => x.key === item.project) ?? projects[0];
    const doc: JsonObject = {
      id,
      self: `${base}/issue/${id}`,
      key,
      fields: {
        summary: item.summary,
        issuetype: view(types.find((x) => x.name === item.type) ?? types[1] ?? {}, [
          "self",
          "id",
          "description",
          "name",
          "subtask",
          "hierarchyLevel",
        ]),
        project: view(project ?? {}, ["self", "id", "key", "name", "projectTypeKey"]),
        status: statusView(statusIndex),
        priority: priorityView(priority),
        assignee,
        reporter,
        labels,
        description: rnd() < 0.15 ? null : adf(DESCRIPTIONS[item.type] ?? ""),
        duedate: due,
        created: t(item.at),
        updated: t(updated),
      },
    };
    return { doc, id, key, at: item.at, updated, statusIndex, assignee, reporter };
  });
  if (has("issue")) for (const issue of issues) add("issue", "", issue.doc, issue.key);

  let commentId = 10000;
  let worklogId = 10000;
  for (const issue of issues) {
    const parent = `issue/${issue.id}`;
    const span = Math.max(issue.updated - issue.at, DAY);
    const comments = rnd() < 0.35 ? 0 : 1 + Math.floor(rnd() * 3);
    for (let k = 0; k < comments && has("comment"); k++) {
      const at = t(minute(issue.at + ((k + 1) / (comments + 1)) * span));
      const author = userRef(pick(rnd, active));
      const id = String(commentId++);
      add("comment", parent, {
        self: `${base}/issue/${issue.id}/comment/${id}`,
        id,
        author,
        body: adf(pick(rnd, COMMENTS)),
        updateAuthor: author,
        created: at,
        updated: at,
      });
    }
    const logs = issue.statusIndex > 0 && rnd() < 0.5 ? 1 + Math.floor(rnd() * 2) : 0;
    for (let k = 0; k < logs && has("worklog"); k++) {
      const started = minute(issue.at + ((k + 1) / (logs + 2)) * span);
      const seconds = pick(rnd, [1800, 3600, 5400, 7200, 14400, 28800]);
      const author = issue.assignee ?? userRef(pick(rnd, active));
      const id = String(worklogId++);
      add("worklog", parent, {
        self: `${base}/issue/${issue.id}/worklog/${id}`,
        author,
        updateAuthor: author,
        comment: adf(pick(rnd, WORK)),
        created: t(started + seconds * 1000),
        updated: t(started + seconds * 1000),
        started: t(started),
        timeSpent: duration(seconds),
        timeSpentSeconds: seconds,
        id,
        issueId: issue.id,
      });
    }
    if (has("watchers")) {
      const watching = [issue.reporter, issue.assignee].filter(
        (u, i, all): u is JsonObject =>
          u !== null && all.findIndex((o) => o?.accountId === u.accountId) === i,
      );
      for (const u of watching) {
        add(
          "watchers",
          parent,
          view(u, ["self", "accountId", "emailAddress", "displayName", "active", "timeZone"]),
        );
      }
    }
  }

  return {
    docs,
    actor,
    transitions: STATUSES.map(([id, name, transition]) => ({ id: transition, name, to: id })).sort(
      (a, b) => Number(a.id) - Number(b.id),
    ),
    ranks: {
      status: STATUSES.map(([id]) => id),
      priority: [...PRIORITIES].reverse().map(([id]) => id),
    },
  };
}

/** Jira's worklog text: working weeks of 5 days, days of 8 hours (`1d 2h 30m`). */
export function duration(seconds: number): string {
  const units: [string, number][] = [
    ["w", 144_000],
    ["d", 28_800],
    ["h", 3600],
    ["m", 60],
  ];
  const parts: string[] = [];
  let left = Math.floor(seconds);
  for (const [unit, size] of units) {
    const n = Math.floor(left / size);
    if (n > 0) {
      parts.push(`${n}${unit}`);
      left -= n * size;
    }
  }
  return parts.length === 0 ? "0m" : parts.join(" ");
}
