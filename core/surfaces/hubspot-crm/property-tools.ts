// The JavaScript of the CRM property tools, after the CRM v3 properties API: the definitions of a
// type (hidden ones on request, archived ones instead on request), one by name, a new custom
// property (a name of lowercase letters, digits and _, an existing group, a field type that fits
// the data type, options for enumerations; a taken name is OBJECT_ALREADY_EXISTS), and changes to
// one (HubSpot-defined properties keep their type, field type and options). Calculated
// properties are refused: the portal does not evaluate formulas.

export const PROPERTY_JSON_JS = `
  const FIELD_TYPES = {
    string: ["text", "textarea", "file", "html", "phonenumber"],
    number: ["number"],
    date: ["date"],
    datetime: ["date"],
    enumeration: ["select", "radio", "checkbox", "booleancheckbox"],
    bool: ["booleancheckbox"],
  };
  const propertyJson = (row) => {
    const out = {
      updatedAt: row.updated_at,
      createdAt: row.created_at,
      name: row.name,
      label: row.label,
      type: row.type,
      fieldType: row.field_type,
      description: row.description,
      groupName: row.group_name,
      options: JSON.parse(row.options),
      displayOrder: row.display_order,
      calculated: false,
      externalOptions: false,
      hasUniqueValue: row.has_unique_value === 1,
      hidden: row.hidden === 1,
    };
    if (row.hubspot_defined === 1) out.hubspotDefined = true;
    out.modificationMetadata = {
      archivable: row.hubspot_defined !== 1,
      readOnlyDefinition: row.hubspot_defined === 1,
      readOnlyValue: row.read_only_value === 1,
    };
    out.formField = row.form_field === 1;
    out.dataSensitivity = "non_sensitive";
    if (row.archived === 1) out.archivedAt = row.updated_at;
    return out;
  };
  const propertyRow = (type, name) => ctx.one("SELECT * FROM crm_properties WHERE object_type = ? AND name = ? AND archived = 0", [type, name]);
  const mustProperty = (type, name) => {
    const row = propertyRow(type, name);
    if (row === null) refuse("not_found", "OBJECT_NOT_FOUND", "Unable to find property " + name + " for object type " + type);
    return row;
  };
  const checkOptions = (type, list) => {
    if (type === "enumeration" && (!list || list.length === 0)) invalid("Enumeration properties need at least one option");
    const values = (list || []).map((o) => o.value);
    const twice = values.find((v, i) => values.indexOf(v) !== i);
    if (twice !== undefined) invalid("Option values must be unique; " + twice + " is given twice");
    return (list || []).map((o, i) => ({
      label: o.label,
      value: o.value,
      displayOrder: o.displayOrder === undefined ? i : o.displayOrder,
      hidden: o.hidden === true,
      ...(o.description === undefined ? {} : { description: o.description }),
    }));
  };
  const checkFieldType = (type, fieldType) => {
    if (fieldType === "calculation") invalid("Calculated properties are not supported in this portal: it does not evaluate formulas");
    if (!FIELD_TYPES[type].includes(fieldType)) invalid("Field type " + fieldType + " is not valid for a property of type " + type);
  };`;

export const LIST_PROPERTIES = `
  const t = typeOf(args.objectType);
  const archived = args.archived === true ? 1 : 0;
  const rows = ctx.query("SELECT * FROM crm_properties WHERE object_type = ? AND archived = ? ORDER BY name", [t.name, archived]);
  return { results: rows.filter((r) => args.includeHidden === true || r.hidden === 0).map(propertyJson) };`;

export const GET_PROPERTY = `
  const t = typeOf(args.objectType);
  return propertyJson(mustProperty(t.name, args.propertyName));`;

export const CREATE_PROPERTY = `
  const t = typeOf(args.objectType);
  if (!/^[a-z][a-z0-9_]*$/.test(args.name) || args.name.length > 100) {
    invalid("Property name " + args.name + " is not valid: use lowercase letters, digits and underscores, starting with a letter (at most 100 characters)");
  }
  if (ctx.one("SELECT name FROM crm_properties WHERE object_type = ? AND name = ?", [t.name, args.name]) !== null) {
    refuse("conflict", "OBJECT_ALREADY_EXISTS", "Property named '" + args.name + "' already exists.");
  }
  if (!(GROUPS[t.name] || []).includes(args.groupName)) invalid("Property group " + args.groupName + " does not exist for " + t.name);
  const count = ctx.one("SELECT COUNT(*) AS n FROM crm_properties").n;
  if (count >= M.limits.maxProperties) refuse("limit_exceeded", "VALIDATION_ERROR", "The portal holds at most " + M.limits.maxProperties + " properties");
  const type = args.type === undefined ? "string" : args.type;
  const fieldType = args.fieldType === undefined ? "text" : args.fieldType;
  checkFieldType(type, fieldType);
  const options = type === "bool" && !args.options
    ? [{ label: "Yes", value: "true", displayOrder: 0, hidden: false }, { label: "No", value: "false", displayOrder: 1, hidden: false }]
    : checkOptions(type, args.options);
  const now = nowIso();
  ctx.run("INSERT INTO crm_properties (object_type, name, label, type, field_type, group_name, description, options, display_order, hubspot_defined, read_only_value, has_unique_value, hidden, form_field, calculation_formula, created_at, updated_at, archived) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, NULL, ?, ?, 0)",
    [t.name, args.name, args.label, type, fieldType, args.groupName, args.description === undefined ? "" : args.description, JSON.stringify(options),
     args.displayOrder === undefined ? -1 : args.displayOrder, args.hasUniqueValue === true, args.hidden === true, args.formField === true, now, now]);
  return propertyJson(mustProperty(t.name, args.name));`;

export const UPDATE_PROPERTY = `
  const t = typeOf(args.objectType);
  const row = mustProperty(t.name, args.propertyName);
  const defined = row.hubspot_defined === 1;
  if (defined && (args.type !== undefined || args.fieldType !== undefined || args.options !== undefined || args.calculationFormula !== undefined)) {
    invalid("Can't change the type, field type or options of the HubSpot-defined property " + row.name);
  }
  if (row.read_only_value === 1) invalid("The property " + row.name + " is read only and cannot be changed");
  if (args.calculationFormula !== undefined) checkFieldType(row.type, "calculation");
  const type = args.type === undefined ? row.type : args.type;
  const fieldType = args.fieldType === undefined ? (args.type === undefined ? row.field_type : FIELD_TYPES[type][0]) : args.fieldType;
  checkFieldType(type, fieldType);
  const options = args.options === undefined ? (type === "enumeration" || type === "bool" ? JSON.parse(row.options) : []) : checkOptions(type, args.options);
  if (type === "enumeration" && options.length === 0) invalid("Enumeration properties need at least one option");
  if (args.groupName !== undefined && !(GROUPS[t.name] || []).includes(args.groupName)) invalid("Property group " + args.groupName + " does not exist for " + t.name);
  ctx.run("UPDATE crm_properties SET label = ?, description = ?, group_name = ?, type = ?, field_type = ?, options = ?, display_order = ?, hidden = ?, form_field = ?, updated_at = ? WHERE object_type = ? AND name = ?",
    [args.label === undefined ? row.label : args.label,
     args.description === undefined ? row.description : args.description,
     args.groupName === undefined ? row.group_name : args.groupName,
     type, fieldType, JSON.stringify(options),
     args.displayOrder === undefined ? row.display_order : args.displayOrder,
     args.hidden === undefined ? row.hidden : args.hidden,
     args.formField === undefined ? row.form_field : args.formField,
     nowIso(), t.name, row.name]);
  return propertyJson(mustProperty(t.name, row.name));`;
