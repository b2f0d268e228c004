// The configuration a REST passthrough tool carries (one JSON constant in its code): the API's
// collections with their document layout, its search endpoints and actions, and the limits.
// Built by model.ts and profile.ts, read by the runtime in runtime.ts.
import type { Json } from "../../base/json";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What a document field is: set by the server (`id`, `key` from a reference's key, `clientKey`
 * from the path, `self`, `created`, `updated`, `actor`/`actorUpdate` the acting user, `parentId`
 * the containing document's id, `duration` text from a seconds field), the `envelope` holding the
 * editable fields (`fields` in Jira), or given by the client (`value`, `ref` to another document).
 */
export type FieldRole =
  | "id"
  | "key"
  | "clientKey"
  | "self"
  | "envelope"
  | "created"
  | "updated"
  | "actor"
  | "actorUpdate"
  | "parentId"
  | "duration"
  | "value"
  | "ref";

export type ValueType = "string" | "number" | "object" | "array" | "boolean" | "any";

export interface FieldSpec {
  name: string;
  role: FieldRole;
  /** `value`: the JSON type a body must give. */
  type?: ValueType;
  /** `value` arrays: the type of each item. */
  items?: ValueType;
  /** `ref`, `actor`, `actorUpdate`: the collection it points to. */
  ref?: string;
  required?: boolean;
  nullable?: boolean;
  /** Given on create when the body leaves the field out (for a `ref`: the lookup object). */
  default?: Json;
  /** On create, defaults to the call's time. */
  defaultNow?: boolean;
  /** Changed only through this endpoint (a workflow transition), never by PUT or PATCH. */
  via?: string;
  /** Set on create, never changed afterwards. */
  immutable?: boolean;
  /** `duration`: the seconds field it is computed from. */
  from?: string;
  /** `value` numbers: the smallest allowed. */
  min?: number;
}

export interface CollectionConfig {
  name: string;
  /** The path segment naming it, e.g. `comment`. */
  segment: string;
  /** The collection whose documents contain this one's, or null at the top. */
  parent: string | null;
  /** For messages: e.g. `issue`. */
  label: string;
  /** `/rest/api/3/issue/{issueIdOrKey}/comment` and `.../comment/{commentId}`. */
  collectionPath: string;
  documentPath: string;
  /** The document field whose value is the row id (`id`, `accountId`, `key`). */
  identity: string;
  numericIds: boolean;
  firstId: number;
  /** Documents are found by id or by `key` (the path parameter is `...IdOrKey`). */
  keyed: boolean;
  /** The reference field whose target's key prefixes new keys (`project` -> `PROJ-12`). */
  keyFrom: string | null;
  envelope: string | null;
  top: FieldSpec[];
  env: FieldSpec[];
  create: boolean;
  update: boolean;
  delete: boolean;
  /** PUT on a missing document creates it (client-chosen keys such as `{propertyKey}`). */
  upsert: boolean;
  /** DELETE on the collection removes the member named by this query parameter. */
  deleteBy: string | null;
  /** A top-level list is a bare array; a nested one is `{startAt, maxResults, total, <listKey>}`. */
  list: "array" | "paged";
  listKey: string;
  /** What POST answers: `{id, key, self}` for keyed documents, else the document. */
  createResult: "ref" | "doc";
  /** The fields copied into a document that refers to one of these. */
  refView: string[];
  /** The fields a reference may name a document by (`{"key": "PROJ"}`). */
  lookup: string[];
  /** The fields a text search (`/user/search?query=`) matches. */
  textFields: string[];
  /** A body this collection accepts, from the server's description, for messages. */
  example: Json;
}

export interface SearchConfig {
  /** Path segments after the base, e.g. `["search", "jql"]`. */
  segments: string[];
  path: string;
  /** The query parameter holding the query (`jql`, `query`). */
  param: string;
  language: "jql" | "text";
  target: string;
  /** JQL searches answer `{..., <resultKey>: [...]}`; text searches a bare array. */
  resultKey: string;
}

export interface TransitionConfig {
  id: string;
  name: string;
  /** The status document it moves to. */
  to: string;
}

export interface ActionConfig {
  parent: string;
  segment: string;
  path: string;
  /** The reference field the action sets, inside the parent's envelope when it has one. */
  field: string;
  /** The collection of that field's targets (`status`). */
  target: string;
  transitions: TransitionConfig[];
  example: Json;
}

export interface UploadConfig {
  parent: string;
  segment: string;
  path: string;
}

export interface JqlField {
  kind: "ref" | "user" | "list" | "key" | "text" | "date";
  path?: string[];
  paths?: string[][];
  match?: string[];
  /** Ids of the targets in ascending order, for ORDER BY (priority, status). */
  rank?: string[];
  sort?: string;
}

export interface JqlConfig {
  fields: Record<string, JqlField>;
  defaultOrder: { field: string; dir: "asc" | "desc" }[];
}

export interface RestConfig {
  method: HttpMethod;
  table: string;
  base: string[];
  site: string;
  /** `jira`: `2025-01-06T09:00:00.000+0000`; `iso`: `...Z`. */
  time: "jira" | "iso";
  /** The acting user (the API token's owner): a document of `actorCollection`. */
  actor: string | null;
  actorCollection: string | null;
  collections: CollectionConfig[];
  searches: SearchConfig[];
  actions: ActionConfig[];
  uploads: UploadConfig[];
  jql: JqlConfig | null;
  /** `METHODS path` lines, listed when a path matches nothing. */
  endpoints: string[];
  pageSize: number;
  maxResults: number;
  /** The most documents one call reads from a collection. */
  maxScan: number;
}
