// What documents a REST API holds: its collections' field layouts and seed documents. An issue
// tracker (tracker.ts) gets Jira-shaped documents; any other API gets documents shaped
// like its example bodies (generic.ts). Both start from the shared collection settings
// here, which come from the paths alone.

import { singular } from "../../import/names";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { pluralOf } from "../../mcp/tool-shape";
import type { Random } from "../kit/seed-values";
import type { ActionConfig, CollectionConfig, FieldSpec, JqlConfig, ValueType } from "./config";
import type { ApiModel, CollectionModel } from "./model";

/** One seed row of the documents table. */
export interface SeedDoc {
  collection: string;
  /** The containing document's path (`issue/10001`), or "" at the top. */
  parent: string;
  id: string;
  key: string | null;
  doc: JsonObject;
  created: string;
  updated: string;
}

export interface Profile {
  kind: "tracker" | "generic";
  collections: CollectionConfig[];
  actions: ActionConfig[];
  jql: JqlConfig | null;
  actor: string | null;
  actorCollection: string | null;
  time: "jira" | "iso";
  site: string;
  docs: SeedDoc[];
  notes: string[];
}

export interface ProfileInput {
  model: ApiModel;
  rnd: Random;
}

/** The settings every collection gets from its paths; a profile fills in the fields. */
export function baseCollection(c: CollectionModel): CollectionConfig {
  const keyed = /IdOrKey|KeyOrId/i.test(c.idParam ?? "");
  const clientKey = c.idParam !== null && /Key$/.test(c.idParam) && !keyed;
  return {
    name: c.name,
    segment: c.segment,
    parent: c.parent,
    label: singular(c.segment).replace(/[_-]/g, " "),
    collectionPath: c.collectionPath,
    documentPath: c.documentPath,
    identity: clientKey ? "key" : "id",
    numericIds: !clientKey,
    firstId: 10000,
    keyed,
    keyFrom: null,
    envelope: null,
    top: [],
    env: [],
    create: c.create,
    update: c.update,
    delete: c.delete,
    upsert: clientKey && c.update,
    deleteBy: c.deleteBy,
    list: c.parent === null ? "array" : "paged",
    listKey: pluralOf(singular(c.segment)),
    createResult: keyed ? "ref" : "doc",
    refView: ["id", "self"],
    lookup: ["id"],
    textFields: [],
    example: c.createExample ?? c.updateExamples[0] ?? {},
  };
}

export function typeOf(value: unknown): ValueType {
  if (Array.isArray(value)) return "array";
  if (isJsonObject(value)) return "object";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return "string";
}

const server = (name: string, role: FieldSpec["role"], more: Partial<FieldSpec> = {}) => ({
  name,
  role,
  ...more,
});
export const F = {
  id: () => server("id", "id"),
  self: () => server("self", "self"),
  key: () => server("key", "key"),
  created: (name = "created") => server(name, "created"),
  updated: (name = "updated") => server(name, "updated"),
  value: (name: string, type: ValueType, more: Partial<FieldSpec> = {}): FieldSpec => ({
    name,
    role: "value",
    type,
    ...more,
  }),
  ref: (name: string, ref: string, more: Partial<FieldSpec> = {}): FieldSpec => ({
    name,
    role: "ref",
    ref,
    ...more,
  }),
};

/** ISO 8601 in Jira's style, `2024-11-05T10:15:00.000+0000`, or plain `...Z`. */
export function timestamp(ms: number, style: "jira" | "iso"): string {
  const iso = new Date(ms).toISOString();
  return style === "jira" ? iso.replace("Z", "+0000") : iso;
}
