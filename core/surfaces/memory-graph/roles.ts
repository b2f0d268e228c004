// Which knowledge-graph operation a tool is, from its name and its one argument. The name must say
// the operation (`create_entities`, `addObservations`, `search_nodes`...) and the argument must be
// the shape that operation takes, whatever it is called: an array of entities
// `{name, entityType, observations[]}`, of relations `{from, to, relationType}`, of observation
// changes `{entityName, contents[] | observations[]}`, an array of entity names, or a search text.
// A name that says an operation over arguments that do not fit is reported with the reason.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import {
  anyWord as any,
  onlyTypes as only,
  type RoleMisfit,
  roleMisfit,
  ruleNaming,
  toolArguments,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type GraphRole =
  | "create_entities"
  | "create_relations"
  | "add_observations"
  | "delete_entities"
  | "delete_observations"
  | "delete_relations"
  | "read_graph"
  | "search_nodes"
  | "open_nodes";

/** The one argument a role takes. */
type ArgShape = "entities" | "relations" | "additions" | "deletions" | "names" | "query" | "none";

interface RoleRule {
  role: GraphRole;
  named(words: ReadonlySet<string>): boolean;
  shape: ArgShape;
}

const entityWord = (w: ReadonlySet<string>) => any(w, "entities", "entity", "nodes", "node");
const relationWord = (w: ReadonlySet<string>) =>
  any(w, "relations", "relation", "edges", "edge", "relationships");
const observationWord = (w: ReadonlySet<string>) => any(w, "observations", "observation");
const adding = (w: ReadonlySet<string>) => any(w, "create", "add", "append", "new");
const removing = (w: ReadonlySet<string>) => any(w, "delete", "remove");

/** In order: observations before entities, so `add_entity_observations` is an observation tool. */
const RULES: readonly RoleRule[] = [
  { role: "add_observations", named: (w) => adding(w) && observationWord(w), shape: "additions" },
  {
    role: "delete_observations",
    named: (w) => removing(w) && observationWord(w),
    shape: "deletions",
  },
  { role: "create_relations", named: (w) => adding(w) && relationWord(w), shape: "relations" },
  { role: "delete_relations", named: (w) => removing(w) && relationWord(w), shape: "relations" },
  { role: "create_entities", named: (w) => adding(w) && entityWord(w), shape: "entities" },
  { role: "delete_entities", named: (w) => removing(w) && entityWord(w), shape: "names" },
  {
    role: "read_graph",
    named: (w) => any(w, "read", "get", "dump", "export", "show") && any(w, "graph"),
    shape: "none",
  },
  {
    role: "search_nodes",
    named: (w) =>
      any(w, "search", "find", "query") &&
      (entityWord(w) || any(w, "graph", "memory", "memories", "knowledge")),
    shape: "query",
  },
  {
    role: "open_nodes",
    named: (w) => any(w, "open", "get", "fetch", "retrieve", "read") && entityWord(w),
    shape: "names",
  },
];

export type GraphRoleMatch =
  | { ok: true; role: GraphRole /** The argument's name, "" for read_graph. */; arg: string }
  | RoleMisfit<GraphRole>;

/** The tool's role, or undefined when its name names no knowledge-graph operation. */
export function matchGraphRole(tool: SurfaceTool): GraphRoleMatch | undefined {
  const rule = ruleNaming(RULES, tool);
  if (!rule) return undefined;
  const { props, required } = toolArguments(tool);
  const names = Object.keys(props);
  const misfit = (why: string) => roleMisfit(rule.role, "knowledge-graph", why);
  if (rule.shape === "none") {
    return names.length === 0
      ? { ok: true, role: rule.role, arg: "" }
      : misfit(`it takes arguments (${names.join(", ")})`);
  }
  const [name, more] = names;
  const schema = name === undefined ? undefined : props[name];
  if (name === undefined || more !== undefined || !isJsonObject(schema)) {
    return misfit(`it does not take exactly one argument (${SHAPE_WORDS[rule.shape]})`);
  }
  if (!required.has(name)) return misfit(`its "${name}" is optional`);
  if (!fits(schema, rule.shape)) return misfit(`its "${name}" is not ${SHAPE_WORDS[rule.shape]}`);
  return { ok: true, role: rule.role, arg: name };
}

const SHAPE_WORDS: Record<ArgShape, string> = {
  entities: "an array of {name, entityType, observations}",
  relations: "an array of {from, to, relationType}",
  additions: "an array of {entityName, contents}",
  deletions: "an array of {entityName, observations}",
  names: "an array of entity names",
  query: "a search text",
  none: "nothing",
};

const isText = (s: unknown) => isJsonObject(s) && only(s, "string") && s.enum === undefined;
const isTexts = (s: unknown) => isJsonObject(s) && only(s, "array") && isText(s.items);

/** An array whose items are objects with exactly these required properties. */
function arrayOfObjects(schema: JsonObject, fields: Record<string, (s: unknown) => boolean>) {
  const items = schema.items;
  if (!only(schema, "array") || !isJsonObject(items) || !isJsonObject(items.properties)) {
    return false;
  }
  const props = items.properties;
  const required = Array.isArray(items.required) ? items.required : [];
  const keys = Object.keys(props);
  return (
    keys.length === Object.keys(fields).length &&
    Object.entries(fields).every(([k, test]) => test(props[k]) && required.includes(k))
  );
}

function fits(schema: JsonObject, shape: ArgShape): boolean {
  switch (shape) {
    case "entities":
      return arrayOfObjects(schema, { name: isText, entityType: isText, observations: isTexts });
    case "relations":
      return arrayOfObjects(schema, { from: isText, to: isText, relationType: isText });
    case "additions":
      return arrayOfObjects(schema, { entityName: isText, contents: isTexts });
    case "deletions":
      return arrayOfObjects(schema, { entityName: isText, observations: isTexts });
    case "names":
      return isTexts(schema);
    case "query":
      return isText(schema);
    case "none":
      return false;
  }
}

const READERS: ReadonlySet<GraphRole> = new Set(["read_graph", "search_nodes", "open_nodes"]);

/**
 * A server keeps a knowledge graph when its fitting tools create entities, create relations
 * between them and read them back (the whole graph, a search, or named nodes).
 */
export function looksLikeKnowledgeGraph(roles: readonly GraphRole[]): boolean {
  return (
    roles.includes("create_entities") &&
    roles.includes("create_relations") &&
    roles.some((r) => READERS.has(r))
  );
}
