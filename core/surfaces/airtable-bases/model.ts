// The SQLite model of an Airtable-like account: bases, tables, typed fields (their options as
// Airtable's metadata API returns them), views, records, one row per non-empty cell (the value as
// the Web API's JSON), comments and the account's users. A record's `fields` object is its cells
// keyed by field name; link fields hold record ids on both sides (the inverse field is kept in step).
import type { Json } from "../../base/json";

export type FieldType =
  | "singleLineText"
  | "multilineText"
  | "email"
  | "url"
  | "phoneNumber"
  | "number"
  | "currency"
  | "percent"
  | "rating"
  | "checkbox"
  | "singleSelect"
  | "multipleSelects"
  | "date"
  | "multipleRecordLinks";

export interface BaseField {
  id: string;
  name: string;
  type: FieldType;
  description?: string;
  options?: { [key: string]: Json };
}

export interface BaseView {
  id: string;
  name: string;
  type: "grid";
  /** A formula of the supported subset, or undefined for every record. */
  filter?: string;
  sort?: { field: string; direction: "asc" | "desc" }[];
}

export interface BaseRecord {
  id: string;
  createdTime: string;
  /** Non-empty cells by field id, as the Web API writes them. */
  cells: Record<string, Json>;
}

export interface BaseTable {
  id: string;
  name: string;
  description?: string;
  primaryFieldId: string;
  fields: BaseField[];
  views: BaseView[];
  records: BaseRecord[];
}

export interface Base {
  id: string;
  name: string;
  permissionLevel: "create" | "edit" | "comment" | "read";
  tables: BaseTable[];
}

export interface BaseUser {
  id: string;
  email: string;
  name: string;
}

export interface BaseComment {
  id: string;
  recordId: string;
  parentCommentId?: string;
  author: BaseUser;
  text: string;
  createdTime: string;
}

export interface Workspace {
  bases: Base[];
  /** Oldest first. */
  comments: BaseComment[];
  users: BaseUser[];
  /** The user the token belongs to: the author of new comments. */
  me: BaseUser;
}

export const BASES_TABLES = {
  bases: "bases_bases",
  tables: "bases_tables",
  fields: "bases_fields",
  views: "bases_views",
  records: "bases_records",
  cells: "bases_cells",
  comments: "bases_comments",
  users: "bases_users",
} as const;

/** `position` orders rows as the API lists them; the next id's key uses the next position. */
export const BASES_SCHEMA_SQL = `CREATE TABLE bases_bases (
  base_id TEXT NOT NULL PRIMARY KEY,
  position INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  permission_level TEXT NOT NULL
);

CREATE TABLE bases_tables (
  table_id TEXT NOT NULL PRIMARY KEY,
  base_id TEXT NOT NULL REFERENCES bases_bases (base_id),
  position INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  primary_field_id TEXT NOT NULL
);

CREATE TABLE bases_fields (
  field_id TEXT NOT NULL PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES bases_tables (table_id),
  position INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  description TEXT,
  options TEXT
);

CREATE TABLE bases_views (
  view_id TEXT NOT NULL PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES bases_tables (table_id),
  position INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  filter_formula TEXT,
  sort TEXT
);

CREATE TABLE bases_records (
  record_id TEXT NOT NULL PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES bases_tables (table_id),
  position INTEGER NOT NULL UNIQUE,
  created_time TEXT NOT NULL
);

CREATE TABLE bases_cells (
  record_id TEXT NOT NULL REFERENCES bases_records (record_id),
  field_id TEXT NOT NULL REFERENCES bases_fields (field_id),
  value TEXT NOT NULL,
  PRIMARY KEY (record_id, field_id)
);

CREATE TABLE bases_comments (
  comment_id TEXT NOT NULL PRIMARY KEY,
  record_id TEXT NOT NULL REFERENCES bases_records (record_id),
  position INTEGER NOT NULL UNIQUE,
  parent_comment_id TEXT,
  author_id TEXT NOT NULL,
  text TEXT NOT NULL,
  created_time TEXT NOT NULL
);

CREATE TABLE bases_users (
  user_id TEXT NOT NULL PRIMARY KEY,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  is_me INTEGER NOT NULL CHECK (is_me IN (0, 1))
);

CREATE INDEX bases_records_table ON bases_records (table_id, position);
CREATE INDEX bases_fields_table ON bases_fields (table_id, position);
CREATE INDEX bases_comments_record ON bases_comments (record_id, position);`;

export const BASES_COLUMNS = {
  bases: ["base_id", "position", "name", "permission_level"],
  tables: ["table_id", "base_id", "position", "name", "description", "primary_field_id"],
  fields: ["field_id", "table_id", "position", "name", "type", "description", "options"],
  views: ["view_id", "table_id", "position", "name", "type", "filter_formula", "sort"],
  records: ["record_id", "table_id", "position", "created_time"],
  cells: ["record_id", "field_id", "value"],
  comments: [
    "comment_id",
    "record_id",
    "position",
    "parent_comment_id",
    "author_id",
    "text",
    "created_time",
  ],
  users: ["user_id", "email", "name", "is_me"],
} as const;

/** Every table of a workspace with its base, in the API's order. */
export const allTables = (ws: Workspace) =>
  ws.bases.flatMap((base) => base.tables.map((table) => ({ base, table })));
