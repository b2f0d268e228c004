// The CRM surface's tables: owners, objects of every type in one table (an id unique across
// types, the values set on the object as a JSON map with sorted keys, the create and change dates
// as columns), associations one row per direction and type, property definitions, and the
// read-only workflows. seed.ts fills them.

export const CRM_TABLES = {
  owners: "crm_owners",
  objects: "crm_objects",
  associations: "crm_associations",
  properties: "crm_properties",
  workflows: "crm_workflows",
} as const;

export const CRM_SCHEMA_SQL = `CREATE TABLE crm_owners (
  id INTEGER NOT NULL PRIMARY KEY,
  user_id INTEGER NOT NULL UNIQUE,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE crm_objects (
  id TEXT NOT NULL PRIMARY KEY,
  object_type TEXT NOT NULL,
  properties TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  archived INTEGER NOT NULL CHECK (archived IN (0, 1))
);

CREATE INDEX crm_objects_type ON crm_objects (object_type, archived);

CREATE TABLE crm_associations (
  from_type TEXT NOT NULL,
  from_id TEXT NOT NULL,
  to_type TEXT NOT NULL,
  to_id TEXT NOT NULL,
  category TEXT NOT NULL,
  type_id INTEGER NOT NULL,
  PRIMARY KEY (from_type, from_id, to_type, to_id, type_id)
);

CREATE TABLE crm_properties (
  object_type TEXT NOT NULL,
  name TEXT NOT NULL,
  label TEXT NOT NULL,
  type TEXT NOT NULL,
  field_type TEXT NOT NULL,
  group_name TEXT NOT NULL,
  description TEXT NOT NULL,
  options TEXT NOT NULL,
  display_order INTEGER NOT NULL,
  hubspot_defined INTEGER NOT NULL,
  read_only_value INTEGER NOT NULL,
  has_unique_value INTEGER NOT NULL,
  hidden INTEGER NOT NULL,
  form_field INTEGER NOT NULL,
  calculation_formula TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  archived INTEGER NOT NULL,
  PRIMARY KEY (object_type, name)
);

CREATE TABLE crm_workflows (
  id TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL,
  object_type_id TEXT NOT NULL,
  is_enabled INTEGER NOT NULL,
  revision_id TEXT NOT NULL,
  trigger_text TEXT NOT NULL,
  actions TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);`;

export const CRM_COLUMNS = {
  owners: ["id", "user_id", "email", "first_name", "last_name", "created_at", "updated_at"],
  objects: ["id", "object_type", "properties", "created_at", "updated_at", "archived"],
  associations: ["from_type", "from_id", "to_type", "to_id", "category", "type_id"],
  properties: [
    "object_type",
    "name",
    "label",
    "type",
    "field_type",
    "group_name",
    "description",
    "options",
    "display_order",
    "hubspot_defined",
    "read_only_value",
    "has_unique_value",
    "hidden",
    "form_field",
    "calculation_formula",
    "created_at",
    "updated_at",
    "archived",
  ],
  workflows: [
    "id",
    "name",
    "object_type_id",
    "is_enabled",
    "revision_id",
    "trigger_text",
    "actions",
    "created_at",
    "updated_at",
  ],
} as const;
