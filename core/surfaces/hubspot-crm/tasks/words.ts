// The words CRM tasks put in a user's mouth: notes to log, follow-up tasks to create, people to
// add, job titles, due days and cut-off days, lifecycle stages, and dollars as a user writes them.

export const NOTES = [
  "Asked for a reference call with another logistics customer.",
  "Wants the pricing split by entity before the budget meeting.",
  "Confirmed they use SAP S/4HANA for the general ledger.",
  "Prefers email over phone until the end of the quarter.",
  "Security review is done; waiting on procurement now.",
  "Mentioned a hiring freeze that may delay the rollout.",
  "Needs the proposal translated for the Dutch team.",
  "Happy with onboarding so far; asked about the spend module.",
  "Will be out of office until the 20th.",
  "Introduced us to their new head of procurement.",
] as const;

/** [subject, body] of follow-up tasks. */
export const FOLLOW_UPS = [
  ["Send the revised quote", "Include the multi-year option."],
  ["Schedule a pricing review", "Thirty minutes with finance."],
  ["Share the security whitepaper", "Latest SOC 2 summary attached."],
  ["Book the contract walkthrough", "Legal from both sides."],
  ["Confirm the rollout date", "Check it against their quarter close."],
  ["Prepare the ROI summary", "Use their invoice volumes."],
  ["Check in on the trial", "Ask which approvals they tested."],
  ["Send the implementation plan", "Phases, owners and dates."],
] as const;

/** New people to add: [first, last, job title]. */
export const NEW_PEOPLE = [
  ["Nina", "Roy", "Treasury Analyst"],
  ["Oscar", "Lindqvist", "Head of Finance Systems"],
  ["Leah", "Goldberg", "AP Manager"],
  ["Mateo", "Rossi", "Financial Controller"],
  ["Amara", "Okoye", "Procurement Specialist"],
  ["Jonas", "Weber", "CFO"],
  ["Sofia", "Marin", "Accounts Payable Clerk"],
  ["Ethan", "Brooks", "VP Finance"],
  ["Keiko", "Mori", "Payments Manager"],
  ["Liam", "Doyle", "Shared Services Lead"],
  ["Rosa", "Jimenez", "Finance Director"],
  ["Arjun", "Mehta", "Revenue Accountant"],
] as const;

export const JOB_TITLES = [
  "Chief Financial Officer",
  "Head of Accounts Payable",
  "Finance Transformation Lead",
  "Senior Controller",
  "Director of Procurement",
  "VP Finance Operations",
] as const;

/** Days a task can fall due (at 17:00 UTC). */
export const DUE_DAYS = [
  "2025-01-10",
  "2025-01-14",
  "2025-01-17",
  "2025-01-24",
  "2025-01-31",
] as const;

/** Cut-off days for sweeps over close dates. */
export const CUT_OFF_DAYS = [
  "2025-02-01",
  "2025-02-15",
  "2025-03-01",
  "2025-03-15",
  "2025-04-01",
  "2025-05-01",
  "2025-06-01",
  "2025-07-01",
] as const;

/** The lifecycle stages in their order: [the value a record stores, the label a user reads]. */
export const LIFECYCLE = [
  ["lead", "Lead"],
  ["marketingqualifiedlead", "Marketing Qualified Lead"],
  ["salesqualifiedlead", "Sales Qualified Lead"],
  ["opportunity", "Opportunity"],
  ["customer", "Customer"],
] as const;

/** Dollars as a user writes them: `$96,000`. */
export const dollars = (n: number) => `$${n.toLocaleString("en-US")}`;
