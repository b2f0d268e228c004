// The "Content Calendar" base: articles at every stage from idea to published, linked to their
// authors, with channels, publish dates, word counts and topics; and the comments left on
// records of all three bases (a reply follows the comment it answers).
import { type BasePlan, type CommentPlan, rows } from "./plan";

const ARTICLE_COLUMNS = [
  "Title",
  "Status",
  "Author",
  "Channel",
  "Publish date",
  "Word count",
  "Topics",
  "Featured",
] as const;

export const CONTENT_BASE: BasePlan = {
  name: "Content Calendar",
  permissionLevel: "edit",
  tables: [
    {
      name: "Articles",
      description: "Posts for the blog, the newsletter and social.",
      fields: [
        { name: "Title", type: "singleLineText" },
        {
          name: "Status",
          type: "singleSelect",
          choices: ["Idea", "Drafting", "Editing", "Scheduled", "Published"],
        },
        {
          name: "Author",
          type: "multipleRecordLinks",
          link: { table: "Authors", inverse: "Articles", single: true },
        },
        {
          name: "Channel",
          type: "singleSelect",
          choices: ["Blog", "Newsletter", "LinkedIn", "Docs"],
        },
        { name: "Publish date", type: "date" },
        { name: "Word count", type: "number", precision: 0 },
        {
          name: "Topics",
          type: "multipleSelects",
          choices: ["Product", "Engineering", "Customers", "Hiring", "Security", "Tutorials"],
        },
        { name: "Featured", type: "checkbox" },
      ],
      views: [
        { name: "Grid view" },
        {
          name: "Scheduled",
          filter: '{Status} = "Scheduled"',
          sort: [{ field: "Publish date", direction: "asc" }],
        },
      ],
      // biome-ignore format: one record per line reads like the grid a user sees
      records: rows(ARTICLE_COLUMNS, [
        ["How we cut build times in half", "Published", ["Noah Fischer"], "Blog", "2024-11-05", 1850, ["Engineering"], true],
        ["Five ways to run a better standup", "Published", ["Sofia Marino"], "Blog", "2024-11-12", 1200, ["Product", "Tutorials"], false],
        ["November product update", "Published", ["Sofia Marino"], "Newsletter", "2024-11-29", 900, ["Product"], false],
        ["Customer story: Acme Logistics", "Published", ["Grace Adeyemi"], "Blog", "2024-12-03", 1600, ["Customers"], true],
        ["We are hiring in Lisbon", "Published", ["Liam O'Connor"], "LinkedIn", "2024-12-09", 350, ["Hiring"], false],
        ["Securing your workspace with SSO", "Published", ["Noah Fischer"], "Docs", "2024-12-16", 2200, ["Security", "Tutorials"], false],
        ["December product update", "Scheduled", ["Sofia Marino"], "Newsletter", "2025-01-08", 950, ["Product"], false],
        ["Year in review 2024", "Scheduled", ["Grace Adeyemi"], "Blog", "2025-01-10", 2400, ["Product", "Customers"], true],
        ["Getting started with the API", "Scheduled", ["Noah Fischer"], "Docs", "2025-01-14", 3100, ["Engineering", "Tutorials"], false],
        ["Offline mode is coming", "Editing", ["Sofia Marino"], "Blog", "2025-01-21", 1100, ["Product"], false],
        ["Customer story: Keystone Bank", "Editing", ["Grace Adeyemi"], "Blog", "2025-01-28", 1750, ["Customers", "Security"], true],
        ["Inside our on-call rotation", "Drafting", ["Noah Fischer"], "Blog", "2025-02-04", 1400, ["Engineering", "Hiring"], false],
        ["Usage-based billing explained", "Drafting", ["Priya Shah"], "Blog", "2025-02-11", 1300, ["Product"], false],
        ["Meet the mobile team", "Drafting", ["Liam O'Connor"], "LinkedIn", "2025-02-13", 400, ["Hiring"], false],
        ["A guide to audit logs", "Idea", ["Priya Shah"], "Docs", null, null, ["Security", "Tutorials"], false],
        ["Lessons from our first SOC 2 audit", "Idea", ["Noah Fischer"], "Blog", null, null, ["Security"], false],
        ["Customer story: Harbor Medical", "Idea", ["Grace Adeyemi"], "Blog", null, null, ["Customers"], false],
        ["Keyboard shortcuts cheat sheet", "Idea", null, "Docs", null, null, ["Tutorials"], false],
        ["February product update", "Idea", ["Sofia Marino"], "Newsletter", "2025-02-26", null, ["Product"], false],
        ["Why we moved to Postgres", "Drafting", ["Noah Fischer"], "Blog", "2025-02-18", 2050, ["Engineering"], false],
      ]),
    },
    {
      name: "Authors",
      description: "Writers and editors.",
      fields: [
        { name: "Name", type: "singleLineText" },
        { name: "Email", type: "email" },
        { name: "Role", type: "singleSelect", choices: ["Staff writer", "Editor", "Guest"] },
        { name: "Bio", type: "multilineText" },
      ],
      // biome-ignore format: one record per line reads like the grid a user sees
      records: rows(
        ["Name", "Email", "Role", "Bio"],
        [[ "Noah Fischer", "noah.fischer@northwind.dev", "Staff writer", "Backend engineer who writes about infrastructure.", ], [ "Sofia Marino", "sofia.marino@northwind.dev", "Editor", "Runs the newsletter and the product updates.", ], [ "Grace Adeyemi", "grace.adeyemi@northwind.dev", "Staff writer", "Tells our customers' stories.", ], [ "Liam O'Connor", "liam.oconnor@northwind.dev", "Guest", "Recruiter; writes the hiring posts.", ], [ "Priya Shah", "priya.shah@northwind.dev", "Staff writer", "Product manager for billing.", ], ["Hugo Lefebvre", "hugo.lefebvre@northwind.dev", "Guest", null]],
      ),
    },
  ],
};

export const SEED_COMMENTS: readonly CommentPlan[] = [
  {
    base: "Product Roadmap",
    table: "Features",
    record: "Usage-based billing",
    author: "Marcus Chen",
    text: "Finance needs the metering spec by the end of January.",
  },
  {
    base: "Product Roadmap",
    table: "Features",
    record: "Usage-based billing",
    author: "Sam Rivera",
    text: "Spec draft is in the shared drive, waiting on the pricing numbers.",
    reply: true,
  },
  {
    base: "Product Roadmap",
    table: "Features",
    record: "Offline mode for the mobile app",
    author: "Priya Natarajan",
    text: "Sync conflicts are the main risk here; let's plan a spike.",
  },
  {
    base: "Product Roadmap",
    table: "Features",
    record: "Audit log export",
    author: "Elena Petrova",
    text: "Keystone Bank asked about this twice last week.",
  },
  {
    base: "Product Roadmap",
    table: "Features",
    record: "Team workspaces",
    author: "Priya Natarajan",
    text: "Design review is booked for February 3.",
  },
  {
    base: "Product Roadmap",
    table: "Releases",
    record: "2025.1 Kestrel",
    author: "Marcus Chen",
    text: "Code freeze moves to March 3.",
  },
  {
    base: "Sales CRM",
    table: "Deals",
    record: "Acme fleet tracking rollout",
    author: "Hannah Cole",
    text: "Rachel confirmed budget approval for Q1.",
  },
  {
    base: "Sales CRM",
    table: "Deals",
    record: "Acme fleet tracking rollout",
    author: "Sam Rivera",
    text: "Great, sending the order form on Monday.",
    reply: true,
  },
  {
    base: "Sales CRM",
    table: "Deals",
    record: "Dunmore plant analytics",
    author: "Victor Ruiz",
    text: "Their procurement process takes six weeks on average.",
  },
  {
    base: "Sales CRM",
    table: "Deals",
    record: "Keystone core banking audit",
    author: "Hannah Cole",
    text: "Linda wants a penetration test report before signing.",
  },
  {
    base: "Sales CRM",
    table: "Companies",
    record: "Harbor Medical Group",
    author: "Victor Ruiz",
    text: "They are consolidating vendors next year.",
  },
  {
    base: "Content Calendar",
    table: "Articles",
    record: "Year in review 2024",
    author: "Sofia Marino",
    text: "Needs the final customer numbers from sales.",
  },
  {
    base: "Content Calendar",
    table: "Articles",
    record: "Offline mode is coming",
    author: "Sofia Marino",
    text: "Hold until the mobile team confirms the date.",
  },
  {
    base: "Content Calendar",
    table: "Articles",
    record: "Customer story: Keystone Bank",
    author: "Grace Adeyemi",
    text: "Their legal team approved the quotes.",
  },
];

export const SEED_USERS = [
  { name: "Sam Rivera", email: "sam.rivera@northwind.dev" },
  { name: "Priya Natarajan", email: "priya.natarajan@northwind.dev" },
  { name: "Marcus Chen", email: "marcus.chen@northwind.dev" },
  { name: "Elena Petrova", email: "elena.petrova@northwind.dev" },
  { name: "Hannah Cole", email: "hannah.cole@northwind.dev" },
  { name: "Victor Ruiz", email: "victor.ruiz@northwind.dev" },
  { name: "Sofia Marino", email: "sofia.marino@northwind.dev" },
  { name: "Grace Adeyemi", email: "grace.adeyemi@northwind.dev" },
] as const;

/** The token's owner: the author of every new comment. */
export const ME = "Sam Rivera";
