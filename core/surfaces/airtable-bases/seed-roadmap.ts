// The "Product Roadmap" base: features planned by a product team, linked to the releases that ship
// them and the teams that build them, with statuses, priorities, estimates and labels at every
// stage, so questions ("how many P1 features are still in the backlog?") have real answers.
import { type BasePlan, rows } from "./plan";

const FEATURE_COLUMNS = [
  "Name",
  "Status",
  "Priority",
  "Estimate",
  "Release",
  "Team",
  "Labels",
  "Target date",
  "Customer request",
  "Description",
] as const;

export const ROADMAP_BASE: BasePlan = {
  name: "Product Roadmap",
  permissionLevel: "create",
  tables: [
    {
      name: "Features",
      description: "Everything on the roadmap, one record per feature.",
      fields: [
        { name: "Name", type: "singleLineText" },
        {
          name: "Status",
          type: "singleSelect",
          choices: ["Backlog", "Planned", "In progress", "In review", "Done"],
        },
        { name: "Priority", type: "singleSelect", choices: ["P0", "P1", "P2", "P3"] },
        {
          name: "Estimate",
          type: "number",
          precision: 0,
          description: "Story points agreed at planning.",
        },
        {
          name: "Release",
          type: "multipleRecordLinks",
          link: { table: "Releases", inverse: "Features", single: true },
        },
        {
          name: "Team",
          type: "multipleRecordLinks",
          link: { table: "Teams", inverse: "Features", single: true },
        },
        {
          name: "Labels",
          type: "multipleSelects",
          choices: ["Mobile", "Web", "API", "Billing", "Onboarding", "Performance", "Security"],
        },
        { name: "Target date", type: "date" },
        { name: "Customer request", type: "checkbox" },
        { name: "Description", type: "multilineText" },
      ],
      views: [
        { name: "Grid view" },
        {
          name: "Open features",
          filter: 'NOT({Status} = "Done")',
          sort: [{ field: "Priority", direction: "asc" }],
        },
        { name: "By target date", sort: [{ field: "Target date", direction: "asc" }] },
      ],
      // biome-ignore format: one record per line reads like the grid a user sees
      records: rows(FEATURE_COLUMNS, [
        ["Dark mode for the dashboard", "Done", "P2", 5, ["2024.4 Juniper"], ["Web Platform"], ["Web"], "2024-11-28", true, "A dark theme for every dashboard page, following the system setting."],
        ["Single sign-on with Okta", "Done", "P0", 8, ["2024.4 Juniper"], ["Identity"], ["Security", "Web"], "2024-12-05", true, "SAML sign-on for enterprise workspaces through Okta."],
        ["CSV export of invoices", "Done", "P1", 3, ["2024.4 Juniper"], ["Payments"], ["Billing"], "2024-12-10", true, "Download every invoice of a period as one CSV file."],
        ["Usage-based billing", "In progress", "P0", 13, ["2025.1 Kestrel"], ["Payments"], ["Billing", "API"], "2025-02-14", false, "Charge metered plans by API calls per month."],
        ["Offline mode for the mobile app", "In progress", "P1", 13, ["2025.1 Kestrel"], ["Mobile"], ["Mobile", "Performance"], "2025-02-21", true, "Read and edit projects without a connection; sync when back online."],
        ["Guided onboarding checklist", "In review", "P1", 5, ["2025.1 Kestrel"], ["Growth"], ["Onboarding", "Web"], "2025-01-31", false, "A five-step checklist that walks new admins through setup."],
        ["Audit log export", "In review", "P1", 5, ["2025.1 Kestrel"], ["Identity"], ["Security", "API"], "2025-01-24", true, "Stream the audit log to S3 or a SIEM every hour."],
        ["Faster search indexing", "In progress", "P2", 8, ["2025.1 Kestrel"], ["Web Platform"], ["Performance"], "2025-02-07", false, "Index new documents within ten seconds instead of two minutes."],
        ["Two-factor recovery codes", "Planned", "P1", 3, ["2025.1 Kestrel"], ["Identity"], ["Security"], "2025-02-28", false, "Ten single-use codes to recover an account without the phone."],
        ["Push notification settings", "Planned", "P2", 3, ["2025.1 Kestrel"], ["Mobile"], ["Mobile"], "2025-03-07", false, "Choose which events send a push notification, per project."],
        ["Webhooks for invoice events", "Planned", "P1", 5, ["2025.2 Lynx"], ["Payments"], ["API", "Billing"], "2025-04-11", true, "Send invoice.created and invoice.paid to customer endpoints."],
        ["Team workspaces", "Planned", "P0", 13, ["2025.2 Lynx"], ["Web Platform"], ["Web"], "2025-04-25", true, "Group projects into workspaces with their own members."],
        ["In-app referral program", "Planned", "P3", 5, ["2025.2 Lynx"], ["Growth"], ["Onboarding"], "2025-05-02", false, "Give a month free for every invited team that subscribes."],
        ["Android tablet layout", "Backlog", "P2", 8, null, ["Mobile"], ["Mobile"], null, true, "A two-pane layout for tablets in landscape."],
        ["Public API rate limit dashboard", "Backlog", "P2", 5, ["2025.2 Lynx"], ["Web Platform"], ["API"], null, false, "Show each customer their API usage against the limits."],
        ["SCIM user provisioning", "Backlog", "P1", 8, ["2025.3 Marten"], ["Identity"], ["Security", "API"], "2025-07-18", true, "Create and deactivate users from the identity provider."],
        ["Annual plan discounts", "Backlog", "P3", 2, null, ["Payments"], ["Billing"], null, false, "Offer two months free on annual plans."],
        ["Interactive product tour", "Backlog", "P3", 5, ["2025.3 Marten"], ["Growth"], ["Onboarding", "Web"], null, false, "A tour that highlights the main screens on first login."],
        ["Bulk edit for tasks", "Planned", "P2", 5, ["2025.2 Lynx"], ["Web Platform"], ["Web"], "2025-05-16", true, "Select many tasks and change their owner or due date at once."],
        ["Apple Watch companion", "Backlog", "P3", 13, null, ["Mobile"], ["Mobile"], null, false, "Glanceable reminders and quick replies on the watch."],
        ["Invoice PDF redesign", "Done", "P3", 2, ["2024.4 Juniper"], ["Payments"], ["Billing"], "2024-11-15", false, "A cleaner invoice layout with the customer's VAT number."],
        ["Session timeout policy", "In progress", "P1", 3, ["2025.1 Kestrel"], ["Identity"], ["Security"], "2025-02-14", true, "Let admins sign members out after a chosen idle time."],
        ["Welcome email series", "Done", "P2", 3, ["2024.4 Juniper"], ["Growth"], ["Onboarding"], "2024-12-12", false, "Three emails over the first week with setup tips."],
        ["GraphQL endpoint", "Backlog", "P2", 13, ["2025.3 Marten"], ["Web Platform"], ["API"], null, true, "A read-only GraphQL API next to the REST one."],
      ]),
    },
    {
      name: "Releases",
      description: "Quarterly releases and what ships in them.",
      fields: [
        { name: "Name", type: "singleLineText" },
        { name: "Ship date", type: "date" },
        { name: "Status", type: "singleSelect", choices: ["Planning", "In progress", "Shipped"] },
        { name: "Release manager", type: "singleLineText" },
        { name: "Notes", type: "multilineText" },
      ],
      // biome-ignore format: one record per line reads like the grid a user sees
      records: rows(
        ["Name", "Ship date", "Status", "Release manager", "Notes"],
        [[ "2024.4 Juniper", "2024-12-16", "Shipped", "Priya Natarajan", "Shipped on time; SSO was the headline.", ], [ "2025.1 Kestrel", "2025-03-10", "In progress", "Marcus Chen", "Billing changes need the finance review before launch.", ], [ "2025.2 Lynx", "2025-06-09", "Planning", "Priya Natarajan", "Workspaces are the theme of this release.", ], ["2025.3 Marten", "2025-09-08", "Planning", "Elena Petrova", null], ["2025.4 Narwhal", "2025-12-08", "Planning", "Marcus Chen", null]],
      ),
    },
    {
      name: "Teams",
      description: "The teams that build the product.",
      fields: [
        { name: "Name", type: "singleLineText" },
        { name: "Lead", type: "singleLineText" },
        { name: "Email", type: "email" },
        { name: "Slack channel", type: "singleLineText" },
        { name: "Headcount", type: "number", precision: 0 },
      ],
      // biome-ignore format: one record per line reads like the grid a user sees
      records: rows(
        ["Name", "Lead", "Email", "Slack channel", "Headcount"],
        [["Web Platform", "Jonas Weber", "web-platform@northwind.dev", "#team-web", 7], ["Identity", "Aisha Bello", "identity@northwind.dev", "#team-identity", 4], ["Payments", "Daniel Okafor", "payments@northwind.dev", "#team-payments", 5], ["Mobile", "Mei Tanaka", "mobile@northwind.dev", "#team-mobile", 6], ["Growth", "Lucas Moreau", "growth@northwind.dev", "#team-growth", 3]],
      ),
    },
  ],
};
