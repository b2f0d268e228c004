// The tool dependency graph: an edge A -> B for every ordered pair of tools, strong when an
// identifier A returns can be passed to B (`customers[].customerId` -> `customerId`), weak when a
// plain value can (`email` -> `email`) or the two act on the same entity, independent otherwise,
// so a weighted walk never dead-ends. Edges are in profile order, from-major, to-minor.

import { entityKeys } from "./entity-keys";
import { ownField } from "./own-fields";
import { fieldKey } from "./phrasing/words";
import {
  EDGE_WEIGHT,
  type EdgeStrength,
  type FieldType,
  type ToolEdge,
  type ToolField,
  type ToolGraph,
  type ToolProfile,
} from "./tool-profile";
import { isIdentifierName } from "./tool-profiles";

/** Names that only mean something with the record they belong to: `id` is `customer id`. */
const GENERIC_KEYS = new Set(["id", "key", "code", "number", "uuid", "name", "title"]);
/** Containers that say nothing of what they hold: `items[].id` belongs to the tool's entity. */
const GENERIC_CONTAINERS = new Set(["item", "result", "data", "row", "record", "entry", "match"]);
/** Paging and sorting controls: equal names, but never a value one tool hands another. */
const CONTROL_KEYS = new Set([
  "limit",
  "offset",
  "page",
  "perpage",
  "pagesize",
  "cursor",
  "nextcursor",
  "sort",
  "direction",
  "total",
]);

export function buildToolGraph(profiles: readonly ToolProfile[]): ToolGraph {
  const edges: ToolEdge[] = [];
  for (const from of profiles) {
    for (const to of profiles) {
      if (from !== to) edges.push(edgeBetween(from, to));
    }
  }
  const entities = new Set(profiles.map((p) => p.entity).filter((e) => e !== ""));
  const keys = entityKeys(profiles, (name) => isIdentifierName(name, entities));
  return { tools: [...profiles], edges, keys };
}

const outIndex = new WeakMap<ToolGraph, Map<string, ToolEdge[]>>();

/** The edges leaving `tool`, in the graph's order (indexed once per graph). */
export function outEdges(graph: ToolGraph, tool: string): ToolEdge[] {
  let index = outIndex.get(graph);
  if (!index) {
    index = new Map();
    for (const edge of graph.edges) {
      const list = index.get(edge.from) ?? [];
      list.push(edge);
      index.set(edge.from, list);
    }
    outIndex.set(graph, index);
  }
  return index.get(tool) ?? [];
}

/** What the API serves: every profile, every edge, and how many edges of each strength. */
export function toolGraphJson(graph: ToolGraph) {
  const counts = {
    tools: graph.tools.length,
    edges: graph.edges.length,
    strong: 0,
    weak: 0,
    independent: 0,
  };
  for (const edge of graph.edges) counts[edge.strength] += 1;
  return {
    tools: graph.tools.map((t) => ({
      name: t.name,
      effect: t.effect,
      verb: t.verb,
      entity: t.entity,
      ...(t.owner ? { owner: t.owner } : {}),
      ...(t.listPath !== undefined ? { listPath: t.listPath } : {}),
      inputs: t.inputs,
      outputs: t.outputs,
    })),
    edges: graph.edges,
    counts,
  };
}

function edgeBetween(from: ToolProfile, to: ToolProfile): ToolEdge {
  const via: ToolEdge["via"] = [];
  let strength: EdgeStrength = "independent";
  for (const output of from.outputs) {
    for (const input of to.inputs.flatMap((i) => [i, ...(i.items ?? [])])) {
      const named = referredBy(input, from, output);
      if (!named && !feeds(output, from, input, to)) continue;
      via.push({ output: output.path, input: input.path });
      if (output.identifier || named) strength = "strong";
      else if (strength === "independent") strength = "weak";
    }
  }
  if (strength === "independent" && sameSubject(from, to)) strength = "weak";
  return { from: from.name, to: to.name, strength, weight: EDGE_WEIGHT[strength], via };
}

/** `input`'s description names a record of `from`'s entity, and `output` is that record's key. */
function referredBy(input: ToolField, from: ToolProfile, output: ToolField): boolean {
  if (!input.refers || fieldKey(input.refers.entity) !== fieldKey(from.entity)) return false;
  const given = output.type === "array" ? output.itemType : output.type;
  const wanted = input.type === "array" ? input.itemType : input.type;
  if (given === undefined || wanted === undefined || !scalarsMatch(given, wanted)) return false;
  return ownField(from, input.refers.attr) === output;
}

function feeds(output: ToolField, from: ToolProfile, input: ToolField, to: ToolProfile): boolean {
  if (CONTROL_KEYS.has(input.key) || CONTROL_KEYS.has(output.key)) return false;
  if (qualifiedKey(output, from.entity) !== qualifiedKey(input, to.entity)) return false;
  if (input.type === "array") {
    // `trackIds` takes `trackId` values, or an array of them.
    const given = output.type === "array" ? output.itemType : output.type;
    return given !== undefined && scalarsMatch(given, input.itemType ?? "unknown");
  }
  return isScalar(output.type) && scalarsMatch(output.type, input.type);
}

/** `customerId` -> `customerid`; `id` of a customer tool or in `customers[]` -> `customerid`. */
function qualifiedKey(field: ToolField, entity: string): string {
  if (!GENERIC_KEYS.has(field.key)) return field.key;
  const segments = field.path.split(".");
  const parent = fieldKey((segments[segments.length - 2] ?? "").replace(/\[\]$/, ""));
  const owner = parent !== "" && !GENERIC_CONTAINERS.has(parent) ? parent : fieldKey(entity);
  return `${owner}${field.key}`;
}

function sameSubject(a: ToolProfile, b: ToolProfile): boolean {
  const subjects = new Set([a.entity, a.owner].filter((s): s is string => !!s));
  return [b.entity, b.owner].some((s) => !!s && subjects.has(s));
}

function isScalar(type: FieldType): boolean {
  return type !== "array" && type !== "object";
}

/** Integers and numbers mix; a field seen only as null (or untyped) fits any scalar. */
function scalarsMatch(a: FieldType, b: FieldType): boolean {
  if (!isScalar(a) || !isScalar(b)) return false;
  if (a === b || a === "unknown" || b === "unknown" || a === "null" || b === "null") return true;
  return (a === "integer" || a === "number") && (b === "integer" || b === "number");
}
