// The API behind a REST passthrough server, read from its tools' descriptions: every example path
// (`/rest/api/3/issue/{issueIdOrKey}/comment`), the method of the tool that mentions it, and the
// example body or query parameter written under it. Paths alternate collection segments and
// `{id}` parameters, so they give the collections, their nesting and id parameters; a path whose
// line says "search <things> (use `param`)" is a search; a one-key body `{"transition": {"id"}}`
// on a segment under a document is an action; a "multipart" note marks an upload.
import type { Json } from "../../base/json";
import { singular } from "../../import/names";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import type { HttpMethod } from "./config";

export interface Mention {
  method: HttpMethod;
  path: string;
  /** The description line naming the path, with its indented continuation lines. */
  text: string;
  body?: JsonObject;
  queryParams: string[];
}

export interface CollectionModel {
  name: string;
  segment: string;
  parent: string | null;
  /** The `{param}` after the segment, when documents are addressed one by one. */
  idParam: string | null;
  create: boolean;
  update: boolean;
  delete: boolean;
  deleteBy: string | null;
  createExample?: JsonObject;
  updateExamples: JsonObject[];
  collectionPath: string;
  documentPath: string;
  /** Only implied by a search over it; no path of its own is described. */
  implied?: boolean;
  /** The collection's own path is described (not only its documents'). */
  listed: boolean;
}

export interface SearchModel {
  segments: string[];
  path: string;
  param: string;
  language: "jql" | "text";
  /** The word after "search" (`issues`), singular. */
  target: string;
}

export interface ActionModel {
  parent: string;
  segment: string;
  path: string;
  example: JsonObject;
}

export interface UploadModel {
  parent: string;
  segment: string;
  path: string;
}

export interface ApiModel {
  base: string[];
  collections: CollectionModel[];
  searches: SearchModel[];
  actions: ActionModel[];
  uploads: UploadModel[];
  /** Paths this model cannot serve, with the reason (for the report's notes). */
  skipped: string[];
}

const PATH_IN_BACKTICKS = /`(\/[A-Za-z0-9_\-.~{}][A-Za-z0-9_\-.~/{}]*)`/;
const PATH_IN_QUOTES = /"(\/[A-Za-z0-9_\-.~{}][A-Za-z0-9_\-.~/{}]*)"/g;

/** Mentions in one tool's description (its method's) and in its schema's `path` description. */
export function mentionsOf(
  method: HttpMethod,
  description: string,
  pathDescription: string,
): Mention[] {
  const out: Mention[] = [];
  let current: Mention | undefined;
  for (const line of description.split("\n")) {
    const subject = PATH_IN_BACKTICKS.exec(line);
    if (subject?.[1]) {
      current = { method, path: subject[1], text: line.trim(), queryParams: [] };
      out.push(current);
      continue;
    }
    if (!current || line.trim() === "" || !/^\s/.test(line)) {
      current = undefined;
      continue;
    }
    current.text += `\n${line.trim()}`;
    const body = /body:\s*`([^`]+)`/i.exec(line)?.[1];
    if (body !== undefined) {
      const parsed = parseExample(body);
      if (parsed) current.body = parsed;
    }
    const param = /query param:\s*`([A-Za-z_]\w*)=/i.exec(line)?.[1];
    if (param) current.queryParams.push(param);
  }
  for (const m of pathDescription.matchAll(PATH_IN_QUOTES)) {
    const path = m[1] ?? "";
    if (!out.some((o) => o.path === path))
      out.push({ method: "GET", path, text: "", queryParams: [] });
  }
  return out;
}

/** An example body as written in a description; `{...}` placeholders become `{}`. */
function parseExample(text: string): JsonObject | undefined {
  try {
    const value: Json = JSON.parse(text.replace(/\{\s*\.\.\.\s*\}/g, "{}"));
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

type Segment = { literal: string } | { param: string };

function segmentsOf(path: string): Segment[] {
  return path
    .split("?")[0]
    ?.split("/")
    .filter((s) => s !== "")
    .map((s) => {
      const param = /^\{([^}]+)\}$/.exec(s)?.[1];
      return param === undefined ? { literal: s } : { param };
    }) as Segment[];
}

const literal = (s: Segment | undefined): string | undefined =>
  s && "literal" in s ? s.literal : undefined;

/**
 * The literal prefix every path shares (`/rest/api/3`), stopping before the first segment that
 * ends a path or is followed by a parameter: that one names a collection.
 */
function baseOf(paths: Segment[][]): string[] {
  const base: string[] = [];
  const first = paths[0] ?? [];
  for (let k = 0; k < first.length; k++) {
    const word = literal(first[k]);
    if (word === undefined) break;
    const shared = paths.every(
      (p) => literal(p[k]) === word && p.length > k + 1 && literal(p[k + 1]) !== undefined,
    );
    if (!shared) break;
    base.push(word);
  }
  return base;
}

function searchOf(m: Mention, rest: Segment[], base: string[]): SearchModel | undefined {
  if (!/\bsearch/i.test(m.text) || rest.some((s) => "param" in s)) return undefined;
  const words = rest.map((s) => literal(s) ?? "");
  if (!words.includes("search") && !/\bsearch(es)?\s+\w+/i.test(m.text)) return undefined;
  const param = /use\s+`([A-Za-z_]\w*)`/i.exec(m.text)?.[1] ?? "query";
  const target = /\bsearch(?:es)?\s+(?:for\s+)?([A-Za-z]+)/i.exec(m.text)?.[1] ?? "";
  return {
    segments: words,
    path: `/${[...base, ...words].join("/")}`,
    param,
    language: /ql$/i.test(param) ? "jql" : "text",
    target: singular(target.toLowerCase()),
  };
}

export function deriveModel(mentions: readonly Mention[]): ApiModel {
  const paths = mentions.map((m) => segmentsOf(m.path));
  const base = baseOf(paths);
  const model: ApiModel = {
    base,
    collections: [],
    searches: [],
    actions: [],
    uploads: [],
    skipped: [],
  };
  // Nodes are keyed by their path (parameters blanked), so equal segments under different
  // parents stay apart; names are given once all are known.
  const nodes = new Map<string, CollectionModel>();
  const parentOf = new Map<CollectionModel, CollectionModel>();
  const ends: { m: Mention; node: CollectionModel; atDocument: boolean }[] = [];
  const prefix = `/${base.join("/")}`;
  const inBase = (segs: Segment[]) => base.every((b, k) => literal(segs[k]) === b);
  mentions.forEach((m, i) => {
    const segs = paths[i] ?? [];
    const search = inBase(segs) ? searchOf(m, segs.slice(base.length), base) : undefined;
    if (search && !model.searches.some((s) => s.path === search.path)) model.searches.push(search);
  });
  mentions.forEach((m, i) => {
    const segs = paths[i] ?? [];
    if (!inBase(segs)) {
      model.skipped.push(`${m.path}: outside the common base ${prefix}`);
      return;
    }
    const rest = segs.slice(base.length);
    if (model.searches.some((s) => s.path === m.path.split("?")[0])) return;
    let parent: CollectionModel | null = null;
    let path = prefix;
    for (let k = 0; k < rest.length; k += 2) {
      const seg = literal(rest[k]);
      const next = rest[k + 1];
      if (seg === undefined || (next !== undefined && literal(next) !== undefined)) {
        model.skipped.push(`${m.path}: not a path of collections and {id} parameters`);
        return;
      }
      const id = `${parent ? nodeKey(parent) : ""}/${seg}`;
      let node = nodes.get(id);
      if (!node) {
        node = {
          name: seg,
          segment: seg,
          parent: null,
          idParam: null,
          create: false,
          update: false,
          delete: false,
          deleteBy: null,
          updateExamples: [],
          listed: false,
          collectionPath: `${path}/${seg}`,
          documentPath: "",
        };
        nodes.set(id, node);
        if (parent) parentOf.set(node, parent);
      }
      const param = next && "param" in next ? next.param : undefined;
      if (param && node.idParam === null) node.idParam = param;
      path = `${node.collectionPath}/{${node.idParam ?? param ?? "id"}}`;
      if (k + 2 >= rest.length) ends.push({ m, node, atDocument: param !== undefined });
      parent = node;
    }
  });
  for (const { m, node, atDocument } of ends) {
    if (!atDocument) node.listed = true;
    if (m.method === "POST" && !atDocument) {
      node.create = true;
      if (m.body && !node.createExample) node.createExample = m.body;
      if (/multipart/i.test(m.text)) node.create = false;
    }
    if ((m.method === "PUT" || m.method === "PATCH") && atDocument) {
      node.update = true;
      if (m.body) node.updateExamples.push(m.body);
    }
    if (m.method === "DELETE" && atDocument) node.delete = true;
    if (m.method === "DELETE" && !atDocument) node.deleteBy = m.queryParams[0] ?? null;
  }
  const counts = new Map<string, number>();
  for (const node of nodes.values()) counts.set(node.segment, (counts.get(node.segment) ?? 0) + 1);
  for (const node of nodes.values()) {
    const up = parentOf.get(node);
    if ((counts.get(node.segment) ?? 0) > 1 && up) node.name = `${up.segment}_${node.segment}`;
  }
  for (const node of nodes.values()) node.parent = parentOf.get(node)?.name ?? null;
  for (const node of nodes.values()) {
    node.documentPath = `${node.collectionPath}/{${node.idParam ?? "id"}}`;
    const upload = ends.some(
      (e) => e.node === node && e.m.method === "POST" && /multipart/i.test(e.m.text),
    );
    const example = node.createExample;
    const actionKey = example ? Object.keys(example) : [];
    const isAction =
      node.parent !== null &&
      node.idParam === null &&
      example !== undefined &&
      actionKey.length === 1 &&
      actionKey[0] === singular(node.segment) &&
      isJsonObject(example[actionKey[0] ?? ""]) &&
      "id" in (example[actionKey[0] ?? ""] as JsonObject);
    if (node.parent !== null && upload) {
      model.uploads.push({ parent: node.parent, segment: node.segment, path: node.collectionPath });
    } else if (isAction && node.parent !== null && example) {
      model.actions.push({
        parent: node.parent,
        segment: node.segment,
        path: node.collectionPath,
        example,
      });
    } else model.collections.push(node);
  }
  // A search over things no path lists (`/user/search` finds users) implies their collection.
  for (const s of model.searches) {
    const first = s.segments[0] ?? "";
    if (model.collections.some((c) => c.name === s.target) || singular(first) !== s.target)
      continue;
    model.collections.push({
      name: s.target,
      segment: first,
      parent: null,
      idParam: null,
      create: false,
      update: false,
      delete: false,
      deleteBy: null,
      updateExamples: [],
      listed: false,
      collectionPath: `${prefix}/${first}`,
      documentPath: `${prefix}/${first}/{id}`,
      implied: true,
    });
  }
  return model;
}

function nodeKey(node: CollectionModel): string {
  return node.collectionPath.replace(/\{[^}]*\}/g, "{}");
}
