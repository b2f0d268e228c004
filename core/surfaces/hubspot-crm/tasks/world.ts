// What CRM task synthesis knows of the portal before it drafts: the owners, companies, contacts,
// deals, tickets and tasks with the values a user sees (names, labels, amounts, dates) and how
// they are linked, read once from the initial tables (core/surfaces/hubspot-crm/seed.ts). Every
// draft runs on a fresh copy of that same state, so the view holds for every attempt; the
// solutions themselves only ever read the CRM through its tools.
import type { SqlDatabase } from "../../../episode/sql-database";
import { CRM_PORTAL } from "../model";
import { DEAL_STAGES, TICKET_STAGES } from "../properties";

export interface OwnerView {
  id: string;
  name: string;
}

export interface RecordView {
  id: string;
  type: string;
  p: Record<string, string>;
}

export interface CrmWorld {
  owners: OwnerView[];
  /** The signed-in user's owner id. */
  me: string;
  companies: RecordView[];
  contacts: RecordView[];
  deals: RecordView[];
  tickets: RecordView[];
  tasks: RecordView[];
  /** Ids an object is linked to, per object type: `links(id, "companies")`. */
  links(id: string, toType: string): string[];
}

export const OPEN_DEAL_STAGES: readonly string[] = DEAL_STAGES.filter(
  (s) => s.value !== "closedwon" && s.value !== "closedlost",
).map((s) => s.value);

export const stageLabel = (value: string) =>
  DEAL_STAGES.find((s) => s.value === value)?.label ?? value;
export const ticketStageLabel = (value: string) =>
  TICKET_STAGES.find((s) => s.value === value)?.label ?? value;

export const fullName = (c: RecordView) => `${c.p.firstname ?? ""} ${c.p.lastname ?? ""}`.trim();
export const isOpenDeal = (d: RecordView) => OPEN_DEAL_STAGES.includes(d.p.dealstage ?? "");
export const isOpenTicket = (t: RecordView) => t.p.hs_pipeline_stage !== "4";

/** The view, or undefined when the tables are not the CRM surface's. */
export function readCrmWorld(db: SqlDatabase): CrmWorld | undefined {
  const tables = new Set(
    db.query("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)),
  );
  if (!["crm_owners", "crm_objects", "crm_associations"].every((t) => tables.has(t))) {
    return undefined;
  }
  const owners = db
    .query("SELECT id, user_id, first_name, last_name FROM crm_owners ORDER BY id")
    .map((r) => ({ id: String(r.id), name: `${r.first_name} ${r.last_name}`, userId: r.user_id }));
  const objects = db
    .query(
      "SELECT id, object_type, properties FROM crm_objects WHERE archived = 0 ORDER BY CAST(id AS INTEGER)",
    )
    .map((r) => ({
      id: String(r.id),
      type: String(r.object_type),
      p: JSON.parse(String(r.properties)) as Record<string, string>,
    }));
  const links = new Map<string, string[]>();
  for (const r of db.query(
    "SELECT DISTINCT from_id, to_type, to_id FROM crm_associations ORDER BY CAST(to_id AS INTEGER)",
  )) {
    const key = `${r.from_id}/${r.to_type}`;
    links.set(key, [...(links.get(key) ?? []), String(r.to_id)]);
  }
  const of = (type: string) => objects.filter((o) => o.type === type);
  const me = owners.find((o) => Number(o.userId) === CRM_PORTAL.userId)?.id;
  if (me === undefined) return undefined;
  return {
    owners: owners.map(({ id, name }) => ({ id, name })),
    me,
    companies: of("companies"),
    contacts: of("contacts"),
    deals: of("deals"),
    tickets: of("tickets"),
    tasks: of("tasks"),
    links: (id, toType) => links.get(`${id}/${toType}`) ?? [],
  };
}
