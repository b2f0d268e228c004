// Recognises entity tools by name: `get_issue`, `list-events`, `API-retrieve-a-page`,
// `create_entities` -> a verb (get/list/search/create/update/delete) and a singular noun.
import { singular } from "../import/names";

export type Verb = "get" | "list" | "search" | "create" | "update" | "delete";

export interface ToolShape {
  verb: Verb;
  /** Snake-case singular noun: `pull_request`, `entity`. */
  noun: string;
  /** The name used a plural (`list_issues`, `get_users`). */
  plural: boolean;
}

const verbs: Record<string, Verb> = {
  get: "get",
  read: "get",
  retrieve: "get",
  open: "get",
  describe: "get",
  fetch: "get",
  show: "get",
  list: "list",
  search: "search",
  find: "search",
  create: "create",
  add: "create",
  post: "create",
  insert: "create",
  send: "create",
  new: "create",
  update: "update",
  patch: "update",
  modify: "update",
  edit: "update",
  delete: "delete",
  remove: "delete",
};

const articles = new Set(["a", "an", "the"]);
/** Words that make a name more than a plain verb + noun (`get_or_create_label`, `move_file_to`). */
const complex = new Set(["or", "and", "with", "from", "to", "by", "batch", "all", "next", "as"]);

export type ShapeVerdict = { ok: true; shape: ToolShape } | { ok: false; reason: string };

export function recogniseTool(name: string): ShapeVerdict {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
  const at = words.findIndex((w) => verbs[w] !== undefined);
  const verb = at >= 0 ? verbs[words[at] ?? ""] : undefined;
  if (verb === undefined)
    return { ok: false, reason: "the name has no get/list/search/create/update/delete verb" };
  const before = words.slice(0, at);
  const noun = words.slice(at + 1).filter((w) => !articles.has(w));
  if (noun.length === 0) return { ok: false, reason: "the name has no noun after its verb" };
  const odd = [...before, ...noun].find((w) => complex.has(w) || verbs[w] !== undefined);
  if (odd !== undefined) {
    return { ok: false, reason: `"${odd}" makes it more than one plain operation on one entity` };
  }
  const last = noun[noun.length - 1] ?? "";
  const one = singular(last);
  const plural = one !== last;
  const shape: ToolShape = {
    verb: verb === "get" && plural ? "list" : verb,
    noun: [...noun.slice(0, -1), one].join("_"),
    plural,
  };
  return { ok: true, shape };
}

export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}
