// Shared pieces of the CRM tool tests (tests.ts, object-tests.ts): the test
// constructors, the v3 object and property JSON computed from the seed independently of the guest
// code, and the seeded records the tests work on, found by what they are.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import { expectError, expectResult, type TableChanges } from "../kit/tool-test-kit";
import { CRM_OBJECT_TYPES } from "./model";
import type { PropertyDefinition } from "./properties";
import { CRM_TABLES } from "./schema";
import type { CrmSeed, SeedObject } from "./seed";

export type Changes = TableChanges;
export type JsonMap = { [key: string]: Json };

export const ok = (name: string, args: JsonMap, result: Json, changes?: Changes): ToolTest =>
  expectResult(name, args, result, "exact", changes);
export const like = (name: string, args: JsonMap, result: Json, changes?: Changes): ToolTest =>
  expectResult(name, args, result, "subset", changes);
export const fails = expectError;
export const rows = (table: keyof typeof CRM_TABLES, inserted: number, updated = 0): Changes => ({
  [CRM_TABLES[table]]: { inserted, updated, deleted: 0 },
});

function typeOf(name: string) {
  const t = CRM_OBJECT_TYPES.find((x) => x.name === name);
  if (!t) throw new Error(`no object type ${name}`);
  return t;
}

/** The v3 object JSON of a seeded object with the asked properties (or the defaults). */
export function objectJson(o: SeedObject, asked?: readonly string[]): JsonMap {
  const t = typeOf(o.type);
  const all: Record<string, string> = {
    ...o.props,
    hs_object_id: o.id,
    [t.createdProperty]: o.createdAt,
    [t.modifiedProperty]: o.updatedAt,
  };
  const names = asked
    ? [...asked, "hs_object_id", t.createdProperty, t.modifiedProperty]
    : t.defaults;
  const properties: JsonMap = {};
  for (const n of [...new Set(names)].sort()) properties[n] = all[n] || null;
  return { id: o.id, properties, createdAt: o.createdAt, updatedAt: o.updatedAt, archived: false };
}

export function propertyJson(p: PropertyDefinition): JsonMap {
  return {
    updatedAt: p.createdAt,
    createdAt: p.createdAt,
    name: p.name,
    label: p.label,
    type: p.type,
    fieldType: p.fieldType,
    description: p.description,
    groupName: p.groupName,
    options: p.options.map((o) => ({ ...o })),
    displayOrder: p.displayOrder,
    calculated: false,
    externalOptions: false,
    hasUniqueValue: p.hasUniqueValue,
    hidden: p.hidden,
    ...(p.hubspotDefined ? { hubspotDefined: true } : {}),
    modificationMetadata: {
      archivable: !p.hubspotDefined,
      readOnlyDefinition: p.hubspotDefined,
      readOnlyValue: p.readOnlyValue,
    },
    formField: p.formField,
    dataSensitivity: "non_sensitive",
  };
}

/** The seeded records the tests work on, and what the seed says about them. */
export function seedLookup(seed: CrmSeed) {
  const live = seed.objects.filter((o) => !o.archived);
  const of = (type: string) => live.filter((o) => o.type === type);
  const find = (type: string, test: (p: Record<string, string>) => boolean) => {
    const found = of(type).find((o) => test(o.props));
    if (!found) throw new Error(`the seed has no such ${type}`);
    return found;
  };
  const contact = (first: string) => find("contacts", (p) => p.firstname === first);
  const company = (name: string) => find("companies", (p) => p.name === name);
  const nextId = String(Math.max(...seed.objects.map((o) => Number(o.id))) + 1);
  const linked = (fromType: string, fromId: string, toType: string) =>
    [
      ...new Set(
        seed.associations
          .filter((a) => a.fromType === fromType && a.fromId === fromId && a.toType === toType)
          .map((a) => Number(a.toId)),
      ),
    ].sort((a, b) => a - b);
  const priya = contact("Priya");
  const zoe = contact("Zoe");
  const maya = seed.owners[1];
  const jordan = seed.owners[0];
  if (!maya || !jordan) throw new Error("the seed has no owners");
  return { of, find, contact, company, nextId, linked, priya, zoe, maya, jordan };
}

export type SeedLookup = ReturnType<typeof seedLookup>;
