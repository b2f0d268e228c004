// Which file-system operation a tool is, from its name and arguments. A tool's name must say the
// operation (`read_text_file`, `list_directory`, `move_file`, `readFile`...) and its arguments
// must be the ones that operation takes: file paths (`path`, `paths`, `source`/`destination`)
// plus that operation's options (`head`/`tail`, `content`, `edits`, `sortBy`, `pattern`,
// `excludePatterns`...), nothing else. A name that says an operation over arguments that do not
// fit is reported with the reason instead of implemented.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import {
  anyWord as any,
  onlyTypes,
  type RoleMisfit,
  roleMisfit,
  ruleNaming,
  toolArguments,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";
import type { FsRole } from "./tools";

type ArgKind = "string" | "number" | "boolean" | "strings" | "edits" | "sortBy";

interface RoleRule {
  role: FsRole;
  named(words: ReadonlySet<string>): boolean;
  /** Every argument the operation takes: kind and whether the server must require it. */
  args: Record<string, { kind: ArgKind; required: boolean }>;
}

const directoryWord = (w: ReadonlySet<string>) =>
  any(w, "directory", "directories", "dir", "folder");
const path = { kind: "string", required: true } as const;

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "roots",
    named: (w) => any(w, "allowed") && (directoryWord(w) || any(w, "roots", "dirs")),
    args: {},
  },
  {
    role: "list_sizes",
    named: (w) => any(w, "list") && directoryWord(w) && any(w, "sizes", "size"),
    args: { path, sortBy: { kind: "sortBy", required: false } },
  },
  {
    role: "tree",
    named: (w) => any(w, "tree"),
    args: { path, excludePatterns: { kind: "strings", required: false } },
  },
  { role: "list", named: (w) => any(w, "list", "ls") && directoryWord(w), args: { path } },
  {
    role: "mkdir",
    named: (w) => any(w, "mkdir") || (any(w, "create", "make") && directoryWord(w)),
    args: { path },
  },
  {
    role: "move",
    named: (w) => any(w, "move", "rename", "mv"),
    args: { source: path, destination: path },
  },
  {
    role: "search",
    named: (w) => any(w, "search", "find", "glob") && any(w, "file", "files", "paths"),
    args: {
      path,
      pattern: { kind: "string", required: true },
      excludePatterns: { kind: "strings", required: false },
    },
  },
  {
    role: "info",
    named: (w) => any(w, "info", "stat", "stats", "metadata") && any(w, "file", "files", "path"),
    args: { path },
  },
  {
    role: "read_multiple",
    named: (w) => any(w, "read") && any(w, "multiple", "many", "batch", "files"),
    args: { paths: { kind: "strings", required: true } },
  },
  {
    role: "read_media",
    named: (w) => any(w, "read") && any(w, "media", "image", "binary", "audio"),
    args: { path },
  },
  {
    role: "read_text",
    named: (w) => any(w, "read") && any(w, "file"),
    args: {
      path,
      head: { kind: "number", required: false },
      tail: { kind: "number", required: false },
    },
  },
  {
    role: "write",
    named: (w) => any(w, "write") && any(w, "file"),
    args: { path, content: { kind: "string", required: true } },
  },
  {
    role: "edit",
    named: (w) => any(w, "edit") && any(w, "file"),
    args: {
      path,
      edits: { kind: "edits", required: true },
      dryRun: { kind: "boolean", required: false },
    },
  },
];

export type RoleMatch =
  | {
      ok: true;
      role: FsRole /** The optional arguments the server offers. */;
      options: Set<string>;
    }
  | RoleMisfit<FsRole>;

/** The tool's role, or undefined when its name names no file-system operation. */
export function matchRole(tool: SurfaceTool): RoleMatch | undefined {
  const rule = ruleNaming(RULES, tool);
  if (!rule) return undefined;
  const { props, required } = toolArguments(tool);
  const misfit = (why: string) => roleMisfit(rule.role, "file-system", why);
  for (const name of Object.keys(props)) {
    if (!(name in rule.args)) return misfit(`it takes an argument "${name}"`);
  }
  const options = new Set<string>();
  for (const [name, spec] of Object.entries(rule.args)) {
    const schema = props[name];
    if (!isJsonObject(schema)) {
      if (spec.required) return misfit(`it has no "${name}" argument`);
      continue;
    }
    if (spec.required && !required.has(name)) return misfit(`its "${name}" is optional`);
    if (!spec.required && required.has(name)) return misfit(`it requires "${name}"`);
    if (!fits(schema, spec.kind)) return misfit(`its "${name}" is not ${KIND_WORDS[spec.kind]}`);
    if (!spec.required) options.add(name);
  }
  return { ok: true, role: rule.role, options };
}

const KIND_WORDS: Record<ArgKind, string> = {
  string: "a string",
  number: "a number",
  boolean: "a boolean",
  strings: "an array of strings",
  edits: "an array of {oldText, newText}",
  sortBy: 'one of "name" and "size"',
};

function fits(schema: JsonObject, kind: ArgKind): boolean {
  const only = (...allowed: string[]) => onlyTypes(schema, ...allowed);
  switch (kind) {
    case "string":
      return only("string") && schema.enum === undefined;
    case "number":
      return only("number", "integer");
    case "boolean":
      return only("boolean");
    case "sortBy":
      return (
        only("string") &&
        (schema.enum === undefined ||
          (Array.isArray(schema.enum) && schema.enum.every((v) => v === "name" || v === "size")))
      );
    case "strings":
      return only("array") && isJsonObject(schema.items) && fits(schema.items, "string");
    case "edits": {
      const items = schema.items;
      if (!only("array") || !isJsonObject(items) || !isJsonObject(items.properties)) return false;
      const keys = Object.keys(items.properties);
      const req = Array.isArray(items.required) ? items.required : [];
      return (
        keys.length === 2 &&
        ["oldText", "newText"].every((k) => {
          const sub = isJsonObject(items.properties) ? items.properties[k] : undefined;
          return isJsonObject(sub) && fits(sub, "string") && req.includes(k);
        })
      );
    }
  }
}

const LISTING: ReadonlySet<FsRole> = new Set(["list", "list_sizes", "tree", "search"]);
const CONTENT: ReadonlySet<FsRole> = new Set(["read_text", "read_multiple", "write", "edit"]);

/**
 * A server is a file system when its fitting tools both list directories (list, tree or search)
 * and read or write file contents: one `read_file` alone could be anything.
 */
export function looksLikeFileSystem(roles: readonly FsRole[]): boolean {
  return roles.some((r) => LISTING.has(r)) && roles.some((r) => CONTENT.has(r));
}
