// The "Sales CRM" base: companies, their contacts and the deals with them, at every pipeline stage
// with amounts, close dates, probabilities and owners, so sums and maxima over a company's deals
// have real answers.
import { type BasePlan, rows } from "./plan";

const DEAL_COLUMNS = [
  "Name",
  "Company",
  "Stage",
  "Amount",
  "Close date",
  "Probability",
  "Owner",
  "Primary contact",
  "Next step",
] as const;

export const CRM_BASE: BasePlan = {
  name: "Sales CRM",
  permissionLevel: "create",
  tables: [
    {
      name: "Companies",
      description: "Accounts we sell to.",
      fields: [
        { name: "Name", type: "singleLineText" },
        {
          name: "Industry",
          type: "singleSelect",
          choices: ["Software", "Retail", "Healthcare", "Logistics", "Finance", "Manufacturing"],
        },
        { name: "Website", type: "url" },
        { name: "Employees", type: "number", precision: 0 },
        { name: "Tier", type: "singleSelect", choices: ["Enterprise", "Mid-market", "SMB"] },
        { name: "Country", type: "singleLineText" },
      ],
      // biome-ignore format: one record per line reads like the grid a user sees
      records: rows(
        ["Name", "Industry", "Website", "Employees", "Tier", "Country"],
        [[ "Acme Logistics", "Logistics", "https://acmelogistics.com", 1200, "Enterprise", "United States", ], [ "Brightside Health", "Healthcare", "https://brightsidehealth.org", 640, "Mid-market", "Canada", ], ["Copperleaf Retail", "Retail", "https://copperleaf.shop", 85, "SMB", "United Kingdom"], [ "Dunmore Manufacturing", "Manufacturing", "https://dunmore-mfg.com", 2300, "Enterprise", "Germany", ], [ "Evergreen Capital", "Finance", "https://evergreencap.com", 310, "Mid-market", "United States", ], ["Fjord Analytics", "Software", "https://fjordanalytics.io", 45, "SMB", "Norway"], [ "Granite Freight", "Logistics", "https://granitefreight.com", 520, "Mid-market", "United States", ], [ "Harbor Medical Group", "Healthcare", "https://harbormedical.com", 1800, "Enterprise", "Australia", ], ["Ionic Software", "Software", "https://ionicsoft.dev", 150, "Mid-market", "Ireland"], [ "Juniper Outfitters", "Retail", "https://juniperoutfitters.com", 60, "SMB", "United States", ], [ "Keystone Bank", "Finance", "https://keystonebank.com", 4100, "Enterprise", "United States", ], [ "Lumen Robotics", "Manufacturing", "https://lumenrobotics.ai", 230, "Mid-market", "Japan", ]],
      ),
    },
    {
      name: "Contacts",
      description: "People at our accounts.",
      fields: [
        { name: "Name", type: "singleLineText" },
        { name: "Email", type: "email" },
        { name: "Phone", type: "phoneNumber" },
        { name: "Title", type: "singleLineText" },
        {
          name: "Company",
          type: "multipleRecordLinks",
          link: { table: "Companies", inverse: "Contacts", single: true },
        },
        { name: "Decision maker", type: "checkbox" },
      ],
      // biome-ignore format: one record per line reads like the grid a user sees
      records: rows(
        ["Name", "Email", "Phone", "Title", "Company", "Decision maker"],
        [[ "Rachel Kim", "rachel.kim@acmelogistics.com", "(415) 555-0132", "VP Operations", ["Acme Logistics"], true, ], [ "Tom Becker", "tom.becker@acmelogistics.com", "(415) 555-0178", "IT Manager", ["Acme Logistics"], false, ], [ "Nadia Haddad", "nadia@brightsidehealth.org", "(604) 555-0119", "Chief Medical Officer", ["Brightside Health"], true, ], [ "Oliver Grant", "oliver@copperleaf.shop", "020 7946 0321", "Founder", ["Copperleaf Retail"], true, ], [ "Katrin Vogel", "k.vogel@dunmore-mfg.com", "+49 30 5550 1842", "Head of Procurement", ["Dunmore Manufacturing"], true, ], [ "Felix Braun", "f.braun@dunmore-mfg.com", "+49 30 5550 1877", "Plant Manager", ["Dunmore Manufacturing"], false, ], [ "Grace Liu", "grace.liu@evergreencap.com", "(212) 555-0164", "COO", ["Evergreen Capital"], true, ], [ "Erik Solberg", "erik@fjordanalytics.io", "+47 555 01 234", "CTO", ["Fjord Analytics"], true, ], [ "Maria Santos", "maria.santos@granitefreight.com", "(312) 555-0190", "Director of IT", ["Granite Freight"], false, ], [ "James Whitfield", "j.whitfield@granitefreight.com", "(312) 555-0145", "CEO", ["Granite Freight"], true, ], [ "Chloe Martin", "chloe.martin@harbormedical.com", "+61 2 5550 1190", "Procurement Lead", ["Harbor Medical Group"], true, ], [ "Sean O'Brien", "sean@ionicsoft.dev", "+353 1 555 0147", "Engineering Manager", ["Ionic Software"], false, ], [ "Ava Thompson", "ava@juniperoutfitters.com", "(503) 555-0126", "Owner", ["Juniper Outfitters"], true, ], [ "Robert Hayes", "robert.hayes@keystonebank.com", "(617) 555-0158", "CIO", ["Keystone Bank"], true, ], [ "Linda Park", "linda.park@keystonebank.com", "(617) 555-0183", "Security Architect", ["Keystone Bank"], false, ], [ "Kenji Sato", "k.sato@lumenrobotics.ai", "+81 3 5550 1234", "Head of Operations", ["Lumen Robotics"], true, ]],
      ),
    },
    {
      name: "Deals",
      description: "The sales pipeline.",
      fields: [
        { name: "Name", type: "singleLineText" },
        {
          name: "Company",
          type: "multipleRecordLinks",
          link: { table: "Companies", inverse: "Deals", single: true },
        },
        {
          name: "Stage",
          type: "singleSelect",
          choices: [
            "Prospecting",
            "Qualified",
            "Proposal",
            "Negotiation",
            "Closed won",
            "Closed lost",
          ],
        },
        { name: "Amount", type: "currency", precision: 0, symbol: "$" },
        { name: "Close date", type: "date" },
        { name: "Probability", type: "percent", precision: 0 },
        {
          name: "Owner",
          type: "singleSelect",
          choices: ["Sam Rivera", "Hannah Cole", "Victor Ruiz", "Ines Duarte"],
        },
        {
          name: "Primary contact",
          type: "multipleRecordLinks",
          link: { table: "Contacts", inverse: "Deals", single: true },
        },
        { name: "Next step", type: "multilineText" },
      ],
      views: [
        { name: "Grid view" },
        {
          name: "Open pipeline",
          filter: 'AND({Stage} != "Closed won", {Stage} != "Closed lost")',
          sort: [{ field: "Close date", direction: "asc" }],
        },
        { name: "Biggest deals", sort: [{ field: "Amount", direction: "desc" }] },
      ],
      // biome-ignore format: one record per line reads like the grid a user sees
      records: rows(DEAL_COLUMNS, [
        ["Acme fleet tracking rollout", ["Acme Logistics"], "Negotiation", 84000, "2025-02-14", 0.7, "Sam Rivera", ["Rachel Kim"], "Send the revised order form with the three-year discount."],
        ["Acme warehouse pilot", ["Acme Logistics"], "Closed won", 18000, "2024-11-20", 1, "Sam Rivera", ["Tom Becker"], null],
        ["Acme driver app add-on", ["Acme Logistics"], "Proposal", 22500, "2025-03-28", 0.4, "Hannah Cole", ["Rachel Kim"], "Walk Rachel through the pricing tiers."],
        ["Brightside patient portal", ["Brightside Health"], "Qualified", 56000, "2025-04-18", 0.25, "Victor Ruiz", ["Nadia Haddad"], "Book a security review with their compliance team."],
        ["Copperleaf starter plan", ["Copperleaf Retail"], "Closed won", 4800, "2024-10-30", 1, "Ines Duarte", ["Oliver Grant"], null],
        ["Copperleaf loyalty module", ["Copperleaf Retail"], "Prospecting", 6500, "2025-05-30", 0.1, "Ines Duarte", ["Oliver Grant"], "Share the loyalty case study."],
        ["Dunmore plant analytics", ["Dunmore Manufacturing"], "Proposal", 120000, "2025-03-31", 0.45, "Hannah Cole", ["Katrin Vogel"], "Procurement wants a line-item quote in euros."],
        ["Dunmore predictive maintenance", ["Dunmore Manufacturing"], "Closed lost", 95000, "2024-12-18", 0, "Hannah Cole", ["Felix Braun"], null],
        ["Evergreen compliance suite", ["Evergreen Capital"], "Negotiation", 47000, "2025-02-07", 0.65, "Victor Ruiz", ["Grace Liu"], "Legal is redlining the data processing terms."],
        ["Fjord team plan", ["Fjord Analytics"], "Closed won", 7200, "2024-12-02", 1, "Ines Duarte", ["Erik Solberg"], null],
        ["Granite route optimisation", ["Granite Freight"], "Qualified", 38000, "2025-04-04", 0.3, "Sam Rivera", ["James Whitfield"], "Get usage numbers from Maria for the sizing."],
        ["Granite dispatch integration", ["Granite Freight"], "Prospecting", 15000, "2025-06-13", 0.1, "Sam Rivera", ["Maria Santos"], null],
        ["Harbor clinic scheduling", ["Harbor Medical Group"], "Proposal", 73000, "2025-03-14", 0.5, "Victor Ruiz", ["Chloe Martin"], "Answer the RFP questions on data residency."],
        ["Harbor telehealth expansion", ["Harbor Medical Group"], "Closed lost", 41000, "2024-11-08", 0, "Victor Ruiz", ["Chloe Martin"], null],
        ["Ionic developer seats", ["Ionic Software"], "Negotiation", 12600, "2025-01-31", 0.75, "Ines Duarte", ["Sean O'Brien"], "Confirm the seat count before sending the contract."],
        ["Juniper point of sale sync", ["Juniper Outfitters"], "Qualified", 5400, "2025-04-25", 0.2, "Ines Duarte", ["Ava Thompson"], "Demo the Shopify connector."],
        ["Keystone core banking audit", ["Keystone Bank"], "Proposal", 150000, "2025-05-16", 0.35, "Hannah Cole", ["Robert Hayes"], "Security questionnaire due back to Linda."],
        ["Keystone fraud alerts", ["Keystone Bank"], "Closed won", 64000, "2024-12-20", 1, "Hannah Cole", ["Linda Park"], null],
        ["Lumen factory dashboard", ["Lumen Robotics"], "Qualified", 29000, "2025-04-30", 0.3, "Sam Rivera", ["Kenji Sato"], "Translate the proposal summary into Japanese."],
        ["Lumen spare parts portal", ["Lumen Robotics"], "Prospecting", 18500, "2025-07-11", 0.1, "Victor Ruiz", ["Kenji Sato"], null],
      ]),
    },
  ],
};
