// The records of the modelled CRM: Lumen Ledger, a B2B finance-automation vendor, with five sales
// owners, twelve customer and prospect companies, forty contacts (four not yet linked to their
// company) and two archived ones, twenty deals across the sales pipeline's stages, ten support
// tickets, and the notes, tasks (with due dates) and calls logged on them. Fixed content: a CRM
// is a record of work, so every import seeds the same one.

export const OWNERS = [
  { id: 75103811, userId: 9120441, first: "Jordan", last: "Reyes" },
  { id: 75103812, userId: 9120442, first: "Maya", last: "Patel" },
  { id: 75103813, userId: 9120443, first: "Tom", last: "Okafor" },
  { id: 75103814, userId: 9120444, first: "Elena", last: "Varga" },
  { id: 75103815, userId: 9120445, first: "Sam", last: "Whitfield" },
] as const;

export const ownerEmail = (o: { first: string; last: string }) =>
  `${o.first}.${o.last}@lumenledger.com`.toLowerCase();

/** [name, domain, industry, city, country, employees, revenue, lifecycle, owner index, phone, tier] */
// biome-ignore format: one record a line reads as the table it is
export const COMPANIES = [
  ["Acme Logistics", "acmelogistics.com", "LOGISTICS_AND_SUPPLY_CHAIN", "Chicago", "United States", 1200, 310000000, "customer", 1, "+1 312 555 0142", "gold"],
  ["Brightpath Health", "brightpathhealth.org", "HOSPITAL_HEALTH_CARE", "Boston", "United States", 3400, 820000000, "opportunity", 2, "+1 617 555 0188", ""],
  ["Cobalt Freight", "cobaltfreight.com", "LOGISTICS_AND_SUPPLY_CHAIN", "Rotterdam", "Netherlands", 650, 140000000, "salesqualifiedlead", 3, "+31 10 555 0190", ""],
  ["Delta Ridge Energy", "deltaridge.com", "OIL_ENERGY", "Houston", "United States", 2100, 1200000000, "customer", 4, "+1 713 555 0107", "silver"],
  ["Evergreen Foods", "evergreenfoods.com", "FOOD_PRODUCTION", "Portland", "United States", 900, 260000000, "opportunity", 1, "+1 503 555 0133", ""],
  ["Fjord Maritime", "fjordmaritime.no", "MARITIME", "Bergen", "Norway", 480, 95000000, "lead", 3, "", ""],
  ["Granite Bank", "granitebank.com", "BANKING", "Charlotte", "United States", 5200, 2100000000, "customer", 0, "+1 704 555 0151", "gold"],
  ["Helix Biotech", "helixbio.com", "BIOTECHNOLOGY", "San Diego", "United States", 310, 58000000, "salesqualifiedlead", 2, "+1 619 555 0116", ""],
  ["Ironwood Manufacturing", "ironwoodmfg.com", "MACHINERY", "Cleveland", "United States", 1500, 410000000, "opportunity", 4, "+1 216 555 0179", ""],
  ["Juniper Retail", "juniperretail.com", "RETAIL", "Denver", "United States", 2700, 690000000, "customer", 1, "+1 303 555 0124", "bronze"],
  ["Kestrel Aviation", "kestrelaviation.com", "AVIATION_AEROSPACE", "Seattle", "United States", 800, 330000000, "lead", 0, "", ""],
  ["Meridian Insurance", "meridianins.com", "INSURANCE", "Hartford", "United States", 1900, 540000000, "opportunity", 3, "+1 860 555 0162", ""],
] as const;

/**
 * [first, last, company index, job title, phone, lifecycle, lead status, linked to the company].
 * The owner is the company's; the last four are not yet associated with their company.
 */
// biome-ignore format: one record a line reads as the table it is
export const CONTACTS = [
  ["Priya", "Shah", 0, "VP Finance", "+1 312 555 0143", "customer", "CONNECTED", true],
  ["Marcus", "Bell", 0, "Controller", "", "customer", "CONNECTED", true],
  ["Hannah", "Cole", 0, "AP Manager", "+1 312 555 0147", "customer", "CONNECTED", true],
  ["Diego", "Alvarez", 0, "CFO", "+1 312 555 0149", "customer", "CONNECTED", true],
  ["Olivia", "Grant", 1, "Director of Finance Operations", "+1 617 555 0181", "opportunity", "OPEN_DEAL", true],
  ["Samuel", "Price", 1, "Procurement Lead", "", "opportunity", "OPEN_DEAL", true],
  ["Aisha", "Bello", 1, "Revenue Cycle Manager", "+1 617 555 0185", "salesqualifiedlead", "IN_PROGRESS", true],
  ["Lars", "de Vries", 2, "Finance Director", "+31 10 555 0191", "salesqualifiedlead", "IN_PROGRESS", true],
  ["Noor", "Hassan", 2, "AP Specialist", "", "lead", "NEW", true],
  ["Pieter", "Jansen", 2, "CFO", "", "salesqualifiedlead", "ATTEMPTED_TO_CONTACT", true],
  ["Rachel", "Kim", 3, "Controller", "+1 713 555 0102", "customer", "CONNECTED", true],
  ["Victor", "Hughes", 3, "Treasury Manager", "+1 713 555 0104", "customer", "CONNECTED", true],
  ["Grace", "Liu", 3, "AP Supervisor", "", "customer", "CONNECTED", true],
  ["Ben", "Carter", 4, "VP Operations", "+1 503 555 0131", "opportunity", "OPEN_DEAL", true],
  ["Chloe", "Martin", 4, "Finance Manager", "", "opportunity", "OPEN_DEAL", true],
  ["Felix", "Wagner", 4, "IT Director", "+1 503 555 0138", "lead", "NEW", true],
  ["Ingrid", "Solberg", 5, "CFO", "+47 55 55 01 20", "lead", "ATTEMPTED_TO_CONTACT", true],
  ["Erik", "Nilsen", 5, "Accounting Manager", "", "lead", "NEW", true],
  ["Daniel", "Brooks", 6, "Head of Procurement", "+1 704 555 0153", "customer", "CONNECTED", true],
  ["Emily", "Foster", 6, "AP Director", "+1 704 555 0155", "customer", "CONNECTED", true],
  ["Kwame", "Mensah", 6, "Finance Systems Lead", "", "customer", "CONNECTED", true],
  ["Laura", "Chen", 6, "VP Shared Services", "+1 704 555 0158", "customer", "CONNECTED", true],
  ["Sophie", "Turner", 7, "Controller", "+1 619 555 0112", "salesqualifiedlead", "IN_PROGRESS", true],
  ["Ravi", "Kumar", 7, "CFO", "", "salesqualifiedlead", "ATTEMPTED_TO_CONTACT", true],
  ["Jake", "Morrison", 8, "Plant Controller", "+1 216 555 0171", "opportunity", "OPEN_DEAL", true],
  ["Natalie", "Ross", 8, "AP Lead", "", "opportunity", "OPEN_DEAL", true],
  ["Omar", "Farouk", 8, "CFO", "+1 216 555 0175", "opportunity", "OPEN_DEAL", true],
  ["Megan", "Walsh", 9, "Director of Finance", "+1 303 555 0121", "customer", "CONNECTED", true],
  ["Tyler", "Scott", 9, "AP Manager", "", "customer", "CONNECTED", true],
  ["Ana", "Souza", 9, "Payments Analyst", "+1 303 555 0127", "customer", "CONNECTED", true],
  ["Connor", "Reid", 10, "VP Finance", "+1 206 555 0166", "lead", "ATTEMPTED_TO_CONTACT", true],
  ["Yuki", "Tanaka", 10, "Procurement Manager", "", "lead", "NEW", true],
  ["Isabel", "Ortiz", 11, "CFO", "+1 860 555 0161", "opportunity", "OPEN_DEAL", true],
  ["George", "Hill", 11, "Claims Finance Manager", "+1 860 555 0164", "opportunity", "OPEN_DEAL", true],
  ["Fatima", "Rahman", 11, "AP Team Lead", "", "marketingqualifiedlead", "OPEN", true],
  ["Paul", "Dubois", 11, "Finance Analyst", "", "marketingqualifiedlead", "NEW", true],
  ["Zoe", "Adams", 4, "Payroll Manager", "", "lead", "NEW", false],
  ["Lucas", "Meyer", 2, "Operations Controller", "+31 10 555 0197", "lead", "NEW", false],
  ["Hana", "Sato", 10, "Accounts Payable Lead", "", "lead", "NEW", false],
  ["Mia", "Novak", 9, "Finance Business Partner", "+1 303 555 0129", "marketingqualifiedlead", "OPEN", false],
] as const;

/** Archived contacts: list reads with `archived: true` show them, nothing else does. */
export const ARCHIVED_CONTACTS = [
  ["Peter", "Vance", 3, "Former Controller"],
  ["Clara", "Wynn", 6, "Former AP Director"],
] as const;

/** [company index, name, amount, close date, stage, owner index, deal type, contacts (by "First Last")] */
// biome-ignore format: one record a line reads as the table it is
export const DEALS = [
  [0, "Platform renewal 2025", 96000, "2025-02-28", "contractsent", 1, "existingbusiness", ["Priya Shah", "Diego Alvarez"]],
  [0, "Receivables add-on", 38000, "2025-04-15", "presentationscheduled", 1, "existingbusiness", ["Marcus Bell"]],
  [1, "Payables automation", 145000, "2025-03-31", "decisionmakerboughtin", 2, "newbusiness", ["Olivia Grant", "Samuel Price"]],
  [1, "Spend analytics pilot", 24000, "2025-05-30", "qualifiedtobuy", 2, "newbusiness", ["Aisha Bello"]],
  [2, "Payables automation", 72000, "2025-03-14", "qualifiedtobuy", 3, "newbusiness", ["Lars de Vries"]],
  [3, "Platform renewal 2025", 130000, "2025-01-31", "contractsent", 4, "existingbusiness", ["Rachel Kim"]],
  [3, "Treasury module", 54000, "2024-12-12", "closedwon", 4, "existingbusiness", ["Victor Hughes"]],
  [4, "Payables automation", 88000, "2025-04-30", "presentationscheduled", 1, "newbusiness", ["Ben Carter", "Chloe Martin"]],
  [4, "Receivables pilot", 19000, "2024-11-22", "closedlost", 1, "newbusiness", ["Chloe Martin"]],
  [5, "Payables automation", 61000, "2025-06-30", "appointmentscheduled", 3, "newbusiness", ["Ingrid Solberg"]],
  [6, "Enterprise expansion", 240000, "2025-03-31", "decisionmakerboughtin", 0, "existingbusiness", ["Daniel Brooks", "Laura Chen"]],
  [6, "Spend analytics", 68000, "2024-12-18", "closedwon", 0, "existingbusiness", ["Emily Foster"]],
  [7, "Payables automation", 47000, "2025-02-14", "presentationscheduled", 2, "newbusiness", ["Sophie Turner"]],
  [8, "Payables automation", 112000, "2025-03-07", "contractsent", 4, "newbusiness", ["Omar Farouk", "Jake Morrison"]],
  [8, "Receivables add-on", 33000, "2025-05-16", "appointmentscheduled", 4, "newbusiness", ["Natalie Ross"]],
  [9, "Platform renewal 2025", 76000, "2025-02-07", "decisionmakerboughtin", 1, "existingbusiness", ["Megan Walsh"]],
  [9, "Store payments integration", 29000, "2024-12-05", "closedlost", 1, "existingbusiness", ["Ana Souza"]],
  [10, "Payables automation", 83000, "2025-06-13", "appointmentscheduled", 0, "newbusiness", ["Connor Reid"]],
  [11, "Claims payments automation", 156000, "2025-04-30", "qualifiedtobuy", 3, "newbusiness", ["Isabel Ortiz", "George Hill"]],
  [11, "Spend analytics pilot", 21000, "2025-02-21", "presentationscheduled", 3, "newbusiness", ["Fatima Rahman"]],
] as const;

/** [subject, description, status stage, priority, category, company index, contact, owner index] */
// biome-ignore format: one record a line reads as the table it is
export const TICKETS = [
  ["Invoice sync failing for EU entity", "Invoices for the Dutch entity stopped syncing to the ERP on Dec 28.", "3", "HIGH", "PRODUCT_ISSUE", 0, "Hannah Cole", 1],
  ["Duplicate vendor records after import", "The November vendor import created about 40 duplicates.", "1", "MEDIUM", "PRODUCT_ISSUE", 0, "Marcus Bell", 1],
  ["Question about January invoice", "The January invoice shows 12 more seats than the contract.", "2", "LOW", "BILLING_ISSUE", 3, "Grace Liu", 4],
  ["SSO login loop for finance team", "Finance users are sent back to the login page after signing in.", "3", "URGENT", "PRODUCT_ISSUE", 6, "Kwame Mensah", 0],
  ["Export approvals to CSV", "Audit wants the approval history as a CSV export.", "1", "LOW", "FEATURE_REQUEST", 6, "Emily Foster", 0],
  ["Payment file rejected by bank", "The bank rejected Friday's payment file: invalid creditor reference.", "3", "HIGH", "PRODUCT_ISSUE", 9, "Ana Souza", 1],
  ["Credit note not applied", "A credit note from October was never applied to the account.", "4", "MEDIUM", "BILLING_ISSUE", 9, "Tyler Scott", 1],
  ["Approval emails going to spam", "Approval reminder emails land in spam for the Houston office.", "4", "MEDIUM", "PRODUCT_ISSUE", 3, "Rachel Kim", 4],
  ["Multi-currency rounding rules", "Priya asked for rounding rules per currency on payment runs.", "2", "LOW", "FEATURE_REQUEST", 0, "Priya Shah", 1],
  ["Training session for new AP clerks", "Six new AP clerks start in January and need onboarding.", "1", "MEDIUM", "GENERAL_INQUIRY", 0, "Hannah Cole", 1],
] as const;

/** Where an engagement is logged: contacts by "First Last", deals by number (1-based), tickets too. */
export interface EngagementLinks {
  contacts?: readonly string[];
  deal?: number;
  ticket?: number;
}

/** [body, when, owner index, links] */
// biome-ignore format: one record a line reads as the table it is
export const NOTES: readonly (readonly [string, string, number, EngagementLinks])[] = [
  ["Priya confirmed the renewal budget is approved; legal review of the MSA starts next week.", "2024-12-16T15:00:00.000Z", 1, { contacts: ["Priya Shah"], deal: 1 }],
  ["Olivia wants a security questionnaire before the steering committee.", "2024-12-11T17:30:00.000Z", 2, { contacts: ["Olivia Grant"], deal: 3 }],
  ["Rachel asked for a multi-year price; sent options for two and three years.", "2024-12-18T16:10:00.000Z", 4, { contacts: ["Rachel Kim"], deal: 6 }],
  ["Daniel will bring procurement into the next call; the expansion covers three new regions.", "2024-12-19T14:45:00.000Z", 0, { contacts: ["Daniel Brooks"], deal: 11 }],
  ["Chloe said the receivables pilot lost to an in-house build.", "2024-11-25T18:20:00.000Z", 1, { contacts: ["Chloe Martin"], deal: 9 }],
  ["Omar needs the contract redlines back by Friday.", "2024-12-20T13:05:00.000Z", 4, { contacts: ["Omar Farouk"], deal: 14 }],
  ["Isabel is comparing us with two other vendors; decision in April.", "2024-12-17T19:40:00.000Z", 3, { contacts: ["Isabel Ortiz"], deal: 19 }],
  ["Kwame reports the login loop started after their identity provider certificate rotation.", "2025-01-03T10:15:00.000Z", 0, { contacts: ["Kwame Mensah"], ticket: 4 }],
];

/** [subject, body, status, priority, due, owner index, links] */
// biome-ignore format: one record a line reads as the table it is
export const TASKS: readonly (readonly [string, string, string, string, string, number, EngagementLinks])[] = [
  ["Send MSA redlines to Priya", "Include the new data processing addendum.", "NOT_STARTED", "HIGH", "2025-01-08T17:00:00.000Z", 1, { contacts: ["Priya Shah"], deal: 1 }],
  ["Prepare security questionnaire for Brightpath", "Use the SOC 2 report from October.", "IN_PROGRESS", "HIGH", "2025-01-10T17:00:00.000Z", 2, { contacts: ["Olivia Grant"], deal: 3 }],
  ["Book steering committee demo", "Two hours, finance and IT together.", "NOT_STARTED", "MEDIUM", "2025-01-15T17:00:00.000Z", 2, { deal: 3 }],
  ["Send multi-year pricing to Rachel", "Two and three year options with a price lock.", "COMPLETED", "MEDIUM", "2024-12-20T17:00:00.000Z", 4, { contacts: ["Rachel Kim"], deal: 6 }],
  ["Follow up on contract signature", "Omar is waiting on the redlines first.", "NOT_STARTED", "HIGH", "2025-01-09T17:00:00.000Z", 4, { contacts: ["Omar Farouk"], deal: 14 }],
  ["Schedule discovery call with Ingrid", "She prefers mornings, Bergen time.", "NOT_STARTED", "LOW", "2025-01-20T17:00:00.000Z", 3, { contacts: ["Ingrid Solberg"], deal: 10 }],
  ["Confirm expansion regions with Daniel", "Waiting for his list of entities.", "WAITING", "MEDIUM", "2025-01-13T17:00:00.000Z", 0, { contacts: ["Daniel Brooks"], deal: 11 }],
  ["Check login fix with Kwame", "Engineering shipped a fix on Jan 4.", "NOT_STARTED", "HIGH", "2025-01-07T17:00:00.000Z", 0, { contacts: ["Kwame Mensah"], ticket: 4 }],
  ["Send renewal quote to Megan", "Apply the loyalty discount agreed in November.", "NOT_STARTED", "MEDIUM", "2025-01-17T17:00:00.000Z", 1, { contacts: ["Megan Walsh"], deal: 16 }],
  ["Collect reference customers for Isabel", "Two insurers, one in the Northeast.", "COMPLETED", "LOW", "2024-12-30T17:00:00.000Z", 3, { deal: 19 }],
];

/** [title, notes, direction, duration ms, status, when, owner index, links] */
// biome-ignore format: one record a line reads as the table it is
export const CALLS: readonly (readonly [string, string, string, number, string, string, number, EngagementLinks])[] = [
  ["Renewal check-in with Priya", "Budget approved; MSA review next.", "OUTBOUND", 1260000, "COMPLETED", "2024-12-16T14:30:00.000Z", 1, { contacts: ["Priya Shah"], deal: 1 }],
  ["Discovery call with Lars", "Three entities, SAP, about 9,000 invoices a month.", "OUTBOUND", 1800000, "COMPLETED", "2024-12-10T09:00:00.000Z", 3, { contacts: ["Lars de Vries"], deal: 5 }],
  ["Pricing call with Rachel", "Wants a multi-year price before January.", "INBOUND", 900000, "COMPLETED", "2024-12-18T15:40:00.000Z", 4, { contacts: ["Rachel Kim"], deal: 6 }],
  ["Intro call with Connor", "No answer; left a voicemail.", "OUTBOUND", 0, "NO_ANSWER", "2024-12-19T16:00:00.000Z", 0, { contacts: ["Connor Reid"], deal: 18 }],
  ["Demo follow-up with Ben", "Ben wants approval routing by plant.", "OUTBOUND", 1500000, "COMPLETED", "2024-12-12T18:00:00.000Z", 1, { contacts: ["Ben Carter"], deal: 8 }],
  ["Escalation call with Ana", "Bank needs the creditor reference in field 70.", "INBOUND", 1080000, "COMPLETED", "2024-12-20T15:15:00.000Z", 1, { contacts: ["Ana Souza"], ticket: 6 }],
];

/** Read-only automation: [id, name, object type id, enabled, trigger, actions]. */
export const WORKFLOWS = [
  [
    "1571201",
    "New lead nurture",
    "0-1",
    true,
    "Lifecycle stage is Lead",
    [
      "Send email: Welcome to Lumen Ledger",
      "Delay 3 days",
      "Send email: Payables automation guide",
    ],
  ],
  [
    "1571202",
    "Closed won handoff to onboarding",
    "0-3",
    true,
    "Deal stage is Closed Won",
    ["Create task: Kick-off call with the customer", "Send internal email to onboarding"],
  ],
  [
    "1571203",
    "Urgent ticket escalation",
    "0-5",
    true,
    "Priority is Urgent",
    ["Send internal email to support leads", "Create task: Call the customer within 2 hours"],
  ],
  [
    "1571204",
    "Renewal reminder 90 days",
    "0-3",
    false,
    "Close date is in 90 days and deal type is Existing Business",
    ["Create task: Prepare renewal quote"],
  ],
] as const;
