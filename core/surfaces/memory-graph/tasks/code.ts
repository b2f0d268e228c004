// The JavaScript of memory solution programs: one expression per tool role, written with the
// server's own tool and argument names from the lens, so a program reads "search for this, open
// those, add an observation" whatever the server calls them. Results are the server's graph
// shape: `{ entities: [{ name, entityType, observations }], relations: [{ from, to, relationType }] }`.

import { callCode, lit } from "../../../tasks/programs/program-code";
import type { GraphRole } from "../roles";
import type { MemoryLens, MemoryTool } from "./lens";

function tool(lens: MemoryLens, role: GraphRole): MemoryTool {
  const found = lens[role];
  if (!found) throw new Error(`the memory has no ${role} tool`); // templates check roles first
  return found;
}

const call = (lens: MemoryLens, role: GraphRole, argCode: string) => {
  const t = tool(lens, role);
  return callCode(t.name, t.arg === "" ? [] : [[t.arg, argCode]]);
};

export const readGraph = (lens: MemoryLens) => call(lens, "read_graph", "");

export const search = (lens: MemoryLens, queryCode: string) =>
  call(lens, "search_nodes", queryCode);

export const open = (lens: MemoryLens, namesCode: string) => call(lens, "open_nodes", namesCode);

export const addObservation = (lens: MemoryLens, entityCode: string, noteCode: string) =>
  `${call(lens, "add_observations", `[{ entityName: ${entityCode}, contents: [${noteCode}] }]`)};`;

export const deleteObservations = (lens: MemoryLens, entityCode: string, listCode: string) =>
  `${call(lens, "delete_observations", `[{ entityName: ${entityCode}, observations: ${listCode} }]`)};`;

export const createEntity = (lens: MemoryLens, name: string, type: string, note: string) =>
  `${call(lens, "create_entities", `[{ name: ${lit(name)}, entityType: ${lit(type)}, observations: [${lit(note)}] }]`)};`;

export const createRelation = (
  lens: MemoryLens,
  fromCode: string,
  toCode: string,
  typeCode: string,
) =>
  `${call(lens, "create_relations", `[{ from: ${fromCode}, to: ${toCode}, relationType: ${typeCode} }]`)};`;

/** Deletes the relations in `listCode`, an array of `{ from, to, relationType }`. */
export const deleteRelations = (lens: MemoryLens, listCode: string) =>
  `${call(lens, "delete_relations", `${listCode}.map((r) => ({ from: r.from, to: r.to, relationType: r.relationType }))`)};`;

export const deleteEntities = (lens: MemoryLens, namesCode: string) =>
  `${call(lens, "delete_entities", namesCode)};`;

/** `(r) => r links a and b by type` as code; `type` undefined: any type; direction "any": either way. */
export function linkTest(
  aCode: string,
  bCode: string,
  type: string | undefined,
  direction: "out" | "in" | "any",
): string {
  const out = `(r.from === ${aCode} && r.to === ${bCode})`;
  const inward = `(r.from === ${bCode} && r.to === ${aCode})`;
  const ends = direction === "out" ? out : direction === "in" ? inward : `(${out} || ${inward})`;
  return type === undefined ? ends : `r.relationType === ${lit(type)} && ${ends}`;
}
