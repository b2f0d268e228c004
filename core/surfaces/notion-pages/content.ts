// The team wiki a pages server (a Notion-like workspace) starts with, as plain content: the people
// and the integration's bot, a handbook with runbooks, meeting notes with to-dos, a product roadmap
// and a bug tracker kept as data sources, and a drafts page. Fixed content (a wiki is a record of
// work, not noise); seed.ts turns it into rows with stable ids. The episode clock starts
// on Monday 2025-01-06, so "last Monday" is December 30, 2024.

export interface PersonSeed {
  key: string;
  name: string;
  email: string;
}

/** A block: `[type, text]`, `[to_do, text, checked]` or `[code, text, language]`. */
export type BlockSeed =
  | [type: "paragraph" | "heading_1" | "heading_2" | "heading_3", text: string]
  | [type: "bulleted_list_item" | "numbered_list_item" | "quote", text: string]
  | [type: "to_do", text: string, checked: boolean]
  | [type: "code", text: string, language: string]
  | [type: "divider"];

export interface PageSeed {
  key: string;
  title: string;
  icon?: string;
  /** The page's content; a child page or data source sits after the blocks given before it. */
  blocks: BlockSeed[];
  children?: PageSeed[];
  /** Data sources shown in this page, after its blocks and child pages. */
  dataSources?: string[];
  trashed?: boolean;
  /** Day it was created and last edited (YYYY-MM-DD). */
  created: string;
  edited: string;
  createdBy: string;
}

export const PEOPLE: readonly PersonSeed[] = [
  { key: "priya", name: "Priya Raman", email: "priya.raman@northwind.dev" },
  { key: "marcus", name: "Marcus Chen", email: "marcus.chen@northwind.dev" },
  { key: "elena", name: "Elena Rossi", email: "elena.rossi@northwind.dev" },
  { key: "tomas", name: "Tomás Ortega", email: "tomas.ortega@northwind.dev" },
  { key: "aisha", name: "Aisha Bello", email: "aisha.bello@northwind.dev" },
  { key: "jonas", name: "Jonas Weber", email: "jonas.weber@northwind.dev" },
];

export const BOT = { key: "bot", name: "Wiki Assistant", workspace: "Northwind Engineering" };

const sync = (
  key: string,
  day: string,
  label: string,
  parts: {
    attendees: string;
    agenda: string[];
    decisions: string[];
    actions: [string, boolean][];
    risks?: string[];
  },
): PageSeed => ({
  key,
  title: `Engineering sync — ${label}`,
  icon: "🗓️",
  created: day,
  edited: day,
  createdBy: "marcus",
  blocks: [
    ["heading_2", "Attendees"],
    ["paragraph", parts.attendees],
    ["heading_2", "Agenda"],
    ...parts.agenda.map((a): BlockSeed => ["bulleted_list_item", a]),
    ["heading_2", "Decisions"],
    ...parts.decisions.map((d): BlockSeed => ["bulleted_list_item", d]),
    ...(parts.risks
      ? [
          ["heading_2", "Risks"] as BlockSeed,
          ...parts.risks.map((r): BlockSeed => ["bulleted_list_item", r]),
        ]
      : []),
    ["heading_2", "Action items"],
    ...parts.actions.map(([text, done]): BlockSeed => ["to_do", text, done]),
  ],
});

export const WIKI: readonly PageSeed[] = [
  {
    key: "handbook",
    title: "Engineering Handbook",
    icon: "📘",
    created: "2024-09-02",
    edited: "2024-12-12",
    createdBy: "priya",
    blocks: [
      ["paragraph", "How the Northwind engineering team builds, reviews and ships software."],
      ["heading_1", "Principles"],
      ["bulleted_list_item", "Small pull requests, reviewed within one working day"],
      ["bulleted_list_item", "Every change ships behind a feature flag"],
      ["bulleted_list_item", "Write the runbook before the first page"],
      ["heading_1", "Code review"],
      ["paragraph", "Two approvals for anything that touches billing or authentication."],
      ["quote", "Review the change you would want to receive."],
      ["divider"],
      ["heading_2", "Where to find things"],
    ],
    children: [
      {
        key: "onboarding",
        title: "Onboarding checklist",
        icon: "🧭",
        created: "2024-09-03",
        edited: "2024-11-28",
        createdBy: "aisha",
        blocks: [
          ["paragraph", "Everything a new engineer does in the first two weeks."],
          ["heading_2", "First day"],
          ["to_do", "Get a laptop and a hardware security key from IT", true],
          ["to_do", "Join the #eng-announcements and #incidents channels", true],
          ["to_do", "Set up the local development environment", false],
          ["heading_2", "First week"],
          ["to_do", "Pair with a teammate on a small bug fix", false],
          ["to_do", "Read the on-call runbook", false],
          ["to_do", "Ship a change to production behind a flag", false],
        ],
      },
      {
        key: "oncall",
        title: "On-call runbook",
        icon: "🚨",
        created: "2024-09-10",
        edited: "2024-12-05",
        createdBy: "jonas",
        blocks: [
          ["paragraph", "What to do when the pager goes off."],
          ["heading_2", "Triage"],
          ["numbered_list_item", "Acknowledge the page within five minutes"],
          ["numbered_list_item", "Check the status dashboard and recent deploys"],
          ["numbered_list_item", "Open an incident channel if customers are affected"],
          ["heading_2", "Escalation"],
          ["paragraph", "Escalate to the service owner after 30 minutes without a mitigation."],
          ["heading_2", "Useful commands"],
          ["code", "kubectl rollout undo deployment/api -n production", "shell"],
          ["heading_2", "Risks"],
          ["bulleted_list_item", "Only two people can rotate the database credentials"],
        ],
      },
      {
        key: "release",
        title: "Release process",
        icon: "🚀",
        created: "2024-10-01",
        edited: "2024-12-18",
        createdBy: "elena",
        blocks: [
          [
            "paragraph",
            "We release the web app every Tuesday and the mobile apps every other week.",
          ],
          ["heading_2", "Steps"],
          ["numbered_list_item", "Cut the release branch on Monday afternoon"],
          ["numbered_list_item", "Run the smoke tests against staging"],
          ["numbered_list_item", "Post the changelog in #releases"],
          ["heading_2", "Risks"],
          ["bulleted_list_item", "The smoke tests do not cover the mobile checkout"],
          ["bulleted_list_item", "App store review can take three days"],
          ["heading_2", "Owners"],
          ["paragraph", "Elena Rossi runs the web release; Tomás Ortega runs the mobile release."],
        ],
      },
      {
        key: "architecture",
        title: "Architecture overview",
        icon: "🏗️",
        created: "2024-09-16",
        edited: "2024-10-30",
        createdBy: "priya",
        blocks: [
          ["paragraph", "The web app talks to a single API service backed by Postgres and Redis."],
          ["heading_2", "Services"],
          ["bulleted_list_item", "API: TypeScript on Node, deployed on Kubernetes"],
          ["bulleted_list_item", "Workers: background jobs for email, exports and billing"],
          ["bulleted_list_item", "Search: a managed OpenSearch cluster"],
          ["heading_2", "Open questions"],
          ["paragraph", "Should exports move to their own service?"],
        ],
      },
    ],
  },
  {
    key: "meetings",
    title: "Meeting Notes",
    icon: "🗂️",
    created: "2024-09-02",
    edited: "2024-12-30",
    createdBy: "marcus",
    blocks: [["paragraph", "Notes from the weekly engineering sync and other team meetings."]],
    children: [
      sync("sync-1209", "2024-12-09", "December 9, 2024", {
        attendees: "Priya, Marcus, Elena, Jonas",
        agenda: ["Search latency after the cluster upgrade", "Holiday on-call rota"],
        decisions: ["Freeze risky deploys from December 20 to January 3"],
        actions: [
          ["Jonas: publish the holiday on-call rota", true],
          ["Priya: profile the slow search queries", true],
          ["Elena: move the release train to Wednesdays during the freeze", false],
        ],
      }),
      sync("sync-1216", "2024-12-16", "December 16, 2024", {
        attendees: "Priya, Marcus, Elena, Tomás, Aisha",
        agenda: ["Checkout conversion drop on Android", "Hiring plan for Q1"],
        decisions: ["Roll back the new Android payment sheet", "Open two backend roles in January"],
        risks: ["The payment provider changes its API on January 15"],
        actions: [
          ["Tomás: roll back the Android payment sheet", true],
          ["Aisha: draft the backend job descriptions", false],
          ["Marcus: ask the payment provider for a sandbox account", false],
        ],
      }),
      sync("sync-1223", "2024-12-23", "December 23, 2024", {
        attendees: "Marcus, Jonas, Aisha",
        agenda: ["Quiet week: freeze in place", "Incident review for the December 19 outage"],
        decisions: ["Add a synthetic check for the login page"],
        actions: [
          ["Jonas: add the synthetic login check", true],
          ["Aisha: write the outage summary for customers", true],
          ["Marcus: book the January planning room", false],
        ],
      }),
      sync("sync-1230", "2024-12-30", "December 30, 2024", {
        attendees: "Priya, Marcus, Elena, Tomás, Aisha, Jonas",
        agenda: ["Q1 roadmap review", "Bug backlog after the freeze", "Lifting the deploy freeze"],
        decisions: [
          "Lift the deploy freeze on January 6",
          "Triage every critical bug before new roadmap work",
        ],
        risks: ["Two roadmap items depend on the search migration"],
        actions: [
          ["Priya: update the due dates on the search roadmap items", false],
          ["Elena: announce the end of the deploy freeze", false],
          ["Tomás: retest the Android checkout after the rollback", true],
          ["Jonas: rotate the staging database credentials", false],
          ["Aisha: schedule interviews for the backend roles", false],
        ],
      }),
      {
        key: "design-review",
        title: "Design review — Offline mode",
        icon: "🎨",
        created: "2024-12-18",
        edited: "2024-12-19",
        createdBy: "tomas",
        blocks: [
          ["paragraph", "Review of the offline mode proposal for the mobile apps."],
          ["heading_2", "Proposal"],
          ["paragraph", "Cache the last 30 days of orders on the device and sync on reconnect."],
          ["heading_2", "Risks"],
          ["bulleted_list_item", "Conflicts when two devices edit the same order"],
          ["heading_2", "Follow-ups"],
          ["to_do", "Tomás: prototype the sync queue", false],
          ["to_do", "Elena: estimate the storage needed per device", false],
          ["to_do", "Priya: review the conflict rules", true],
        ],
      },
    ],
  },
  {
    key: "roadmap-home",
    title: "Product Roadmap",
    icon: "🗺️",
    created: "2024-09-05",
    edited: "2024-12-30",
    createdBy: "priya",
    blocks: [
      ["paragraph", "What we are building this quarter and next. Owners keep their items current."],
      ["heading_2", "Risks"],
      ["bulleted_list_item", "The search migration blocks two items"],
    ],
    dataSources: ["roadmap"],
  },
  {
    key: "bugs-home",
    title: "Bug Tracker",
    icon: "🐞",
    created: "2024-09-05",
    edited: "2025-01-03",
    createdBy: "jonas",
    blocks: [
      ["paragraph", "Every bug reported by customers or found in testing. Triage on Mondays."],
      ["heading_2", "Severity guide"],
      ["bulleted_list_item", "Critical: customers cannot pay or log in"],
      ["bulleted_list_item", "High: a main flow is broken with no workaround"],
      ["bulleted_list_item", "Medium: broken with a workaround"],
      ["bulleted_list_item", "Low: cosmetic"],
    ],
    dataSources: ["bugs"],
  },
  {
    key: "drafts",
    title: "Drafts",
    icon: "📝",
    created: "2024-10-14",
    edited: "2024-12-20",
    createdBy: "elena",
    blocks: [["paragraph", "Half-written pages. Move them into the handbook when they are ready."]],
    children: [
      {
        key: "draft-pairing",
        title: "Pairing guidelines",
        created: "2024-10-14",
        edited: "2024-10-14",
        createdBy: "elena",
        blocks: [
          ["paragraph", "Swap the keyboard every 25 minutes."],
          ["paragraph", "The person who knows the code least drives."],
        ],
      },
      {
        key: "draft-postmortem",
        title: "Postmortem template",
        created: "2024-11-04",
        edited: "2024-11-04",
        createdBy: "jonas",
        blocks: [],
      },
      {
        key: "draft-flags",
        title: "Feature flag cleanup",
        created: "2024-11-20",
        edited: "2024-11-21",
        createdBy: "marcus",
        blocks: [
          ["paragraph", "Flags older than 90 days that are fully rolled out should be removed."],
          ["to_do", "List the flags older than 90 days", false],
        ],
      },
      {
        key: "draft-interview",
        title: "Interview loop",
        created: "2024-12-02",
        edited: "2024-12-02",
        createdBy: "aisha",
        blocks: [],
      },
      {
        key: "draft-api-style",
        title: "API style guide",
        created: "2024-12-10",
        edited: "2024-12-20",
        createdBy: "priya",
        blocks: [
          ["heading_2", "Naming"],
          ["bulleted_list_item", "Plural nouns for collections"],
          ["heading_2", "Errors"],
        ],
      },
      {
        key: "draft-offsite",
        title: "Team offsite ideas",
        created: "2024-12-12",
        edited: "2024-12-12",
        createdBy: "tomas",
        blocks: [],
      },
      {
        key: "draft-old-wiki",
        title: "Old wiki migration",
        created: "2024-10-20",
        edited: "2024-10-21",
        createdBy: "marcus",
        blocks: [["paragraph", "Superseded by this workspace."]],
        trashed: true,
      },
    ],
  },
];

export interface OptionSeed {
  name: string;
  color: string;
}

export type PropertySeed =
  | { name: string; type: "title" | "rich_text" | "date" | "people" | "checkbox" }
  | { name: string; type: "number"; format: string }
  | { name: string; type: "select" | "multi_select" | "status"; options: OptionSeed[] }
  | { name: string; type: "relation"; to: string };

/** A row: its title and a value per property name (user keys for people, row titles for relations). */
export interface RowSeed {
  title: string;
  values: Record<string, string | number | boolean | string[] | null>;
  created: string;
  edited: string;
  createdBy: string;
}

export interface DataSourceSeed {
  key: string;
  title: string;
  description: string;
  icon: string;
  created: string;
  createdBy: string;
  properties: PropertySeed[];
  rows: RowSeed[];
}

const STATUS: OptionSeed[] = [
  { name: "Not started", color: "default" },
  { name: "In progress", color: "blue" },
  { name: "Done", color: "green" },
];

type RoadmapLine = [
  title: string,
  status: string,
  owner: string,
  due: string,
  priority: string,
  areas: string[],
  points: number,
  customerFacing: boolean,
];

const ROADMAP: RoadmapLine[] = [
  [
    "Search migration to OpenSearch 2",
    "In progress",
    "priya",
    "2024-12-20",
    "P0",
    ["Backend", "Infra"],
    13,
    false,
  ],
  ["Saved searches", "Not started", "priya", "2025-02-14", "P1", ["Backend", "Frontend"], 8, true],
  [
    "Search result ranking",
    "Not started",
    "priya",
    "2024-12-31",
    "P1",
    ["Backend", "Data"],
    5,
    true,
  ],
  ["Audit log export", "Done", "priya", "2024-11-29", "P2", ["Backend"], 3, true],
  ["Usage-based billing", "In progress", "marcus", "2025-01-31", "P0", ["Backend"], 13, true],
  ["Invoice PDF redesign", "Not started", "marcus", "2024-12-16", "P2", ["Frontend"], 3, true],
  [
    "Payment provider API upgrade",
    "Not started",
    "marcus",
    "2025-01-15",
    "P0",
    ["Backend"],
    5,
    false,
  ],
  ["Dark mode for the web app", "Done", "elena", "2024-11-22", "P2", ["Frontend"], 5, true],
  ["Accessible date picker", "In progress", "elena", "2024-12-13", "P1", ["Frontend"], 3, true],
  [
    "Web performance budget",
    "Not started",
    "elena",
    "2025-03-07",
    "P2",
    ["Frontend", "Infra"],
    5,
    false,
  ],
  ["Offline mode for mobile", "In progress", "tomas", "2025-03-28", "P1", ["Mobile"], 13, true],
  ["Android payment sheet v2", "Not started", "tomas", "2025-02-07", "P0", ["Mobile"], 8, true],
  [
    "Push notification preferences",
    "Done",
    "tomas",
    "2024-12-06",
    "P2",
    ["Mobile", "Backend"],
    3,
    true,
  ],
  ["Kubernetes 1.31 upgrade", "In progress", "jonas", "2024-12-27", "P1", ["Infra"], 5, false],
  ["Synthetic monitoring for login", "Done", "jonas", "2024-12-24", "P1", ["Infra"], 2, false],
  ["Database credential rotation", "Not started", "jonas", "2025-01-10", "P0", ["Infra"], 3, false],
  ["Hiring pipeline dashboard", "Not started", "aisha", "2025-02-21", "P2", ["Data"], 3, false],
  [
    "Customer health scores",
    "In progress",
    "aisha",
    "2024-12-18",
    "P1",
    ["Data", "Backend"],
    8,
    true,
  ],
  ["Churn prediction model", "Not started", "aisha", "2025-03-14", "P2", ["Data"], 8, false],
  ["Onboarding email series", "Done", "aisha", "2024-12-02", "P2", ["Backend"], 2, true],
];

type BugLine = [
  title: string,
  severity: string,
  status: string,
  assignee: string | null,
  reported: string,
  component: string,
  regression: boolean,
  item: string | null,
];

const BUGS: BugLine[] = [
  [
    "Login fails with a hardware key on Safari",
    "Critical",
    "Open",
    "jonas",
    "2025-01-02",
    "Auth",
    true,
    null,
  ],
  [
    "Checkout button does nothing on Android 14",
    "Critical",
    "In progress",
    "tomas",
    "2024-12-27",
    "Mobile",
    true,
    "Android payment sheet v2",
  ],
  [
    "Duplicate charges when the payment page is refreshed",
    "Critical",
    "Fixed",
    "marcus",
    "2024-12-11",
    "Billing",
    false,
    "Usage-based billing",
  ],
  [
    "Search returns archived projects",
    "High",
    "Open",
    "priya",
    "2024-12-19",
    "Search",
    true,
    "Search migration to OpenSearch 2",
  ],
  [
    "Invoice totals round the tax wrongly",
    "High",
    "Open",
    "marcus",
    "2024-12-30",
    "Billing",
    false,
    "Invoice PDF redesign",
  ],
  [
    "Date picker skips February 29",
    "High",
    "In progress",
    "elena",
    "2024-12-12",
    "Web",
    false,
    "Accessible date picker",
  ],
  [
    "Push notifications arrive twice",
    "High",
    "Fixed",
    "tomas",
    "2024-12-03",
    "Mobile",
    true,
    "Push notification preferences",
  ],
  [
    "Export to CSV times out for large workspaces",
    "High",
    "Open",
    null,
    "2025-01-03",
    "Backend",
    false,
    "Audit log export",
  ],
  [
    "Search highlights the wrong words",
    "Medium",
    "Open",
    "priya",
    "2024-12-20",
    "Search",
    false,
    "Search result ranking",
  ],
  [
    "Dark mode shows white flashes between pages",
    "Medium",
    "Open",
    "elena",
    "2024-12-05",
    "Web",
    true,
    "Dark mode for the web app",
  ],
  [
    "Offline banner stays after reconnecting",
    "Medium",
    "In progress",
    "tomas",
    "2024-12-21",
    "Mobile",
    false,
    "Offline mode for mobile",
  ],
  [
    "Health score chart legend overlaps",
    "Medium",
    "Open",
    "aisha",
    "2024-12-17",
    "Web",
    false,
    "Customer health scores",
  ],
  [
    "Staging deploys fail on the first try",
    "Medium",
    "Won't fix",
    "jonas",
    "2024-11-25",
    "Infra",
    false,
    null,
  ],
  [
    "Welcome email links to the old docs",
    "Medium",
    "Fixed",
    "aisha",
    "2024-12-04",
    "Backend",
    false,
    "Onboarding email series",
  ],
  ["Typo in the billing settings page", "Low", "Open", null, "2024-12-23", "Billing", false, null],
  [
    "Avatar images are blurry on retina screens",
    "Low",
    "Open",
    "elena",
    "2024-11-28",
    "Web",
    false,
    null,
  ],
  [
    "Tooltip cut off in the audit log",
    "Low",
    "Fixed",
    "priya",
    "2024-12-02",
    "Web",
    false,
    "Audit log export",
  ],
  [
    "Settings icon misaligned on tablets",
    "Low",
    "Open",
    "tomas",
    "2024-12-29",
    "Mobile",
    false,
    null,
  ],
];

export const DATA_SOURCES: readonly DataSourceSeed[] = [
  {
    key: "roadmap",
    title: "Roadmap",
    description: "Every roadmap item with its owner, status and due date.",
    icon: "🗺️",
    created: "2024-09-05",
    createdBy: "priya",
    properties: [
      { name: "Name", type: "title" },
      { name: "Status", type: "status", options: STATUS },
      { name: "Owner", type: "people" },
      { name: "Due", type: "date" },
      {
        name: "Priority",
        type: "select",
        options: [
          { name: "P0", color: "red" },
          { name: "P1", color: "orange" },
          { name: "P2", color: "gray" },
        ],
      },
      {
        name: "Area",
        type: "multi_select",
        options: [
          { name: "Backend", color: "blue" },
          { name: "Frontend", color: "purple" },
          { name: "Mobile", color: "pink" },
          { name: "Infra", color: "brown" },
          { name: "Data", color: "yellow" },
        ],
      },
      { name: "Points", type: "number", format: "number" },
      { name: "Customer facing", type: "checkbox" },
      { name: "Notes", type: "rich_text" },
    ],
    rows: ROADMAP.map(([title, status, owner, due, priority, areas, points, customer], i) => ({
      title,
      values: {
        Status: status,
        Owner: [owner],
        Due: due,
        Priority: priority,
        Area: areas,
        Points: points,
        "Customer facing": customer,
        Notes: i % 4 === 0 ? "Tracked in the weekly sync." : "",
      },
      created: "2024-09-05",
      edited: status === "Done" ? due : "2024-12-30",
      createdBy: owner,
    })),
  },
  {
    key: "bugs",
    title: "Bugs",
    description: "Bugs reported by customers or found in testing.",
    icon: "🐞",
    created: "2024-09-05",
    createdBy: "jonas",
    properties: [
      { name: "Title", type: "title" },
      {
        name: "Severity",
        type: "select",
        options: [
          { name: "Critical", color: "red" },
          { name: "High", color: "orange" },
          { name: "Medium", color: "yellow" },
          { name: "Low", color: "gray" },
        ],
      },
      {
        name: "Status",
        type: "status",
        options: [
          { name: "Open", color: "red" },
          { name: "In progress", color: "blue" },
          { name: "Fixed", color: "green" },
          { name: "Won't fix", color: "gray" },
        ],
      },
      { name: "Assignee", type: "people" },
      { name: "Reported", type: "date" },
      {
        name: "Component",
        type: "select",
        options: ["Auth", "Billing", "Search", "Web", "Mobile", "Backend", "Infra"].map((name) => ({
          name,
          color: "default",
        })),
      },
      { name: "Regression", type: "checkbox" },
      { name: "Roadmap item", type: "relation", to: "roadmap" },
    ],
    rows: BUGS.map(
      ([title, severity, status, assignee, reported, component, regression, item]) => ({
        title,
        values: {
          Severity: severity,
          Status: status,
          Assignee: assignee ? [assignee] : [],
          Reported: reported,
          Component: component,
          Regression: regression,
          "Roadmap item": item ? [item] : [],
        },
        created: reported,
        edited: reported,
        createdBy: assignee ?? "jonas",
      }),
    ),
  },
];

/** Comments on pages: `[page key, author key, day, text]`. */
export const COMMENTS: readonly [string, string, string, string][] = [
  ["handbook", "jonas", "2024-11-12", "Can we link the on-call runbook from the principles?"],
  ["handbook", "priya", "2024-11-13", "Done, it is under Where to find things."],
  ["release", "tomas", "2024-12-18", "The mobile release needs its own checklist."],
  ["sync-1230", "elena", "2024-12-30", "I will post the freeze announcement on Monday morning."],
  ["design-review", "priya", "2024-12-19", "Last write wins is fine for the first version."],
];
