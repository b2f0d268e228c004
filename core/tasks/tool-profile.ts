// What synthesis knows of a tool: its inputs and outputs as typed fields with normalised names
// (so `customer_id`, `customerId` and `CustomerID` meet), what it acts on, and whether it lists.
// profileTools() (tool-profiles.ts) derives these from the input schema, the output schema and the
// results its admitted tests expect.
import type { Json } from "../base/json";

export interface EntityKey {
  /** The entity whose records the field names: `airline`. */
  entity: string;
  /** The key attribute as the entity's lookup takes it: `carrier`. */
  attr: string;
}

/** Field key (`carrier`, `origin`, `shiphull`) -> the entity whose key it holds. */
export type EntityKeys = ReadonlyMap<string, EntityKey>;

export type FieldType =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "array"
  | "object"
  | "null"
  | "unknown";

export interface ToolField {
  /** Where it is: `customerId`, `invoices[].total`, `artist.name` (`[]` = every element). */
  path: string;
  /** The last segment as written, e.g. `total`. */
  name: string;
  /** `name` normalised for matching: lowercase alphanumerics, singular (`trackIds` -> `trackid`). */
  key: string;
  type: FieldType;
  /** For arrays of scalars, the element type. */
  itemType?: FieldType;
  /** Names an identifier: ends in id/key/code/sku, or is the entity's key. */
  identifier: boolean;
  /** Inputs only: listed in the schema's `required`. */
  required?: boolean;
  enum?: Json[];
  /**
   * Inputs only: the record of another entity the schema's description says this input names
   * ("The timestamp of the message to react to" -> message, timestamp).
   */
  refers?: InputReference;
  /** Inputs only, arrays of objects and objects: the fields of one element (`lines[].trackId`). */
  items?: ToolField[];
}

export interface InputReference {
  entity: string;
  /** The attribute of that record the input takes: `timestamp`, `name`, `id`. */
  attr: string;
}

export interface ToolProfile {
  name: string;
  description: string;
  effect: "read" | "write";
  /** From the name: `list_customer_invoices` -> verb `list`, entity `invoice`, owner `customer`. */
  verb: string;
  entity: string;
  owner?: string;
  /** Top-level arguments. */
  inputs: ToolField[];
  /** Result fields, nested paths included. */
  outputs: ToolField[];
  /** Path of the main array of the result (`invoices`, `items`; `` when the result is an array). */
  listPath?: string;
}

export type EdgeStrength = "strong" | "weak" | "independent";

/** The paper's weights: walks prefer strong links and never dead-end on independent ones. */
export const EDGE_WEIGHT: Record<EdgeStrength, number> = { strong: 3, weak: 2, independent: 1 };

export interface ToolEdge {
  from: string;
  to: string;
  strength: EdgeStrength;
  weight: number;
  /** Output fields of `from` that can feed inputs of `to` (empty for independent edges). */
  via: { output: string; input: string }[];
}

export interface ToolGraph {
  tools: ToolProfile[];
  edges: ToolEdge[];
  /** Natural keys of the tool set (`carrier` -> airline), found once from its lookups. */
  keys: EntityKeys;
}
