// The JavaScript of the engagement tools, after the legacy v1 engagements API the real server
// calls. Engagements are CRM objects here (notes, tasks and calls), so what the v1 tools write
// the object tools read: a NOTE's body is `hs_note_body`, a TASK's subject, body, status and due
// time are `hs_task_subject`, `hs_task_body`, `hs_task_status` and `hs_timestamp`. Creation checks
// the metadata the way the server's own schema does (a note needs a body, a task a body and a
// subject), the owner, and every associated record; the answer is `{status: "success",
// engagement, message}` with the v1 engagement JSON. An update merges the metadata given and
// replaces the association lists it names (only those).

export const ENGAGEMENT_JS = `
  const V1_KINDS = { contactIds: "contacts", companyIds: "companies", dealIds: "deals", ticketIds: "tickets" };
  const TASK_STATUS = ["NOT_STARTED", "IN_PROGRESS", "COMPLETED", "WAITING"];
  const TASK_FOR = ["CONTACT", "COMPANY", "DEAL", "TICKET"];
  const badArgument = (path, message) => ctx.fail("invalid_arguments", path + ": " + message, { path });
  const typeOfKind = (type) => M.engagementTypes[type];
  const kindOfType = (name) => Object.keys(M.engagementTypes).find((k) => M.engagementTypes[k] === name);
  const checkOwner = (ownerId) => {
    if (ownerById(ownerId) === null) invalid("ownerId " + ownerId + " is not a valid owner of portal " + M.portal.hubId);
  };
  const checkLinks = (associations) => {
    for (const key of Object.keys(V1_KINDS)) {
      for (const id of associations[key] || []) {
        if (objectRow(V1_KINDS[key], id) === null) invalid("One or more associations are invalid: no " + V1_KINDS[key] + " with ID " + id + " exist");
      }
    }
  };
  const text = (v) => (v === undefined || v === null ? undefined : String(v));
  const previewOf = (html) => String(html).replace(/<[^>]*>/g, " ").replace(/\\s+/g, " ").trim();
  const engagementJson = (row) => {
    const p = JSON.parse(row.properties);
    const kind = kindOfType(row.object_type);
    const links = {};
    for (const key of Object.keys(V1_KINDS)) {
      links[key] = ctx.query("SELECT DISTINCT to_id FROM crm_associations WHERE from_type = ? AND from_id = ? AND to_type = ? ORDER BY CAST(to_id AS INTEGER)", [row.object_type, row.id, V1_KINDS[key]]).map((a) => Number(a.to_id));
    }
    let metadata;
    let body;
    if (kind === "NOTE") {
      body = p.hs_note_body || "";
      metadata = { body };
    } else if (kind === "TASK") {
      body = p.hs_task_body || "";
      metadata = { body, subject: p.hs_task_subject || "", status: p.hs_task_status || "NOT_STARTED", forObjectType: p.hs_task_for_object_type || "CONTACT", priority: p.hs_task_priority || "NONE", taskType: p.hs_task_type || "TODO" };
    } else {
      body = p.hs_call_body || "";
      metadata = { body, title: p.hs_call_title || "", status: p.hs_call_status || "COMPLETED", durationMilliseconds: Number(p.hs_call_duration || 0), toNumber: "", fromNumber: "" };
    }
    return {
      engagement: {
        id: Number(row.id),
        portalId: M.portal.hubId,
        active: true,
        createdAt: Date.parse(row.created_at),
        lastUpdated: Date.parse(row.updated_at),
        ownerId: p.hubspot_owner_id === undefined ? null : Number(p.hubspot_owner_id),
        type: kind,
        timestamp: p.hs_timestamp === undefined ? Date.parse(row.created_at) : Date.parse(p.hs_timestamp),
        bodyPreview: previewOf(body).slice(0, 200),
        bodyPreviewIsTruncated: previewOf(body).length > 200,
      },
      associations: {
        contactIds: links.contactIds,
        companyIds: links.companyIds,
        dealIds: links.dealIds,
        ownerIds: [],
        workflowIds: [],
        ticketIds: links.ticketIds,
        contentIds: [],
        quoteIds: [],
      },
      attachments: [],
      metadata,
    };
  };
  const engagementRow = (id) => {
    const row = ctx.one("SELECT * FROM crm_objects WHERE id = ? AND archived = 0 AND object_type IN ('notes', 'tasks', 'calls')", [String(id)]);
    if (row === null) refuse("not_found", "OBJECT_NOT_FOUND", "Engagement " + id + " does not exist");
    return row;
  };
  // The object properties a v1 metadata block sets for an engagement of kind.
  const metadataValues = (kind, metadata, creating) => {
    const out = {};
    const body = text(metadata.body);
    if (kind === "NOTE") {
      if (creating && body === undefined) badArgument("metadata.body", "Required");
      if (body !== undefined) out.hs_note_body = body;
      return out;
    }
    if (kind === "TASK") {
      const subject = text(metadata.subject);
      if (creating && body === undefined) badArgument("metadata.body", "Required");
      if (creating && subject === undefined) badArgument("metadata.subject", "Required");
      const status = metadata.status === undefined ? (creating ? "NOT_STARTED" : undefined) : metadata.status;
      if (status !== undefined && !TASK_STATUS.includes(status)) badArgument("metadata.status", "Invalid enum value. Expected " + TASK_STATUS.map((s) => "'" + s + "'").join(" | ") + ", received '" + status + "'");
      const forType = metadata.forObjectType === undefined ? (creating ? "CONTACT" : undefined) : metadata.forObjectType;
      if (forType !== undefined && !TASK_FOR.includes(forType)) badArgument("metadata.forObjectType", "Invalid enum value. Expected " + TASK_FOR.map((s) => "'" + s + "'").join(" | ") + ", received '" + forType + "'");
      if (body !== undefined) out.hs_task_body = body;
      if (subject !== undefined) out.hs_task_subject = subject;
      if (status !== undefined) out.hs_task_status = status;
      if (forType !== undefined) out.hs_task_for_object_type = forType;
      if (metadata.priority !== undefined) out.hs_task_priority = String(metadata.priority);
      if (creating) out.hs_task_type = "TODO";
      return out;
    }
    if (body !== undefined) out.hs_call_body = body;
    if (metadata.title !== undefined) out.hs_call_title = String(metadata.title);
    if (metadata.status !== undefined) out.hs_call_status = String(metadata.status);
    return out;
  };
  const linkAll = (type, id, associations) => {
    for (const key of Object.keys(V1_KINDS)) {
      for (const to of associations[key] || []) {
        const ty = M.associations.find((a) => a.from === type && a.to === V1_KINDS[key] && a.label === null);
        associate(type, id, V1_KINDS[key], String(to), ty.typeId);
      }
    }
  };`;

export const CREATE_ENGAGEMENT = `
  const kind = args.type;
  const type = typeOfKind(kind);
  if (!type) badArgument("type", "Unsupported engagement type: " + kind);
  const values = metadataValues(kind, args.metadata, true);
  checkOwner(args.ownerId);
  checkLinks(args.associations);
  const now = nowIso();
  values.hubspot_owner_id = String(args.ownerId);
  values.hs_timestamp = new Date(args.timestamp === undefined ? Date.parse(now) : args.timestamp).toISOString();
  const checked = checkValues(type, values, definitions(type));
  const id = nextId();
  ctx.run("INSERT INTO crm_objects (id, object_type, properties, created_at, updated_at, archived) VALUES (?, ?, ?, ?, ?, 0)", [id, type, sortedStore(checked), now, now]);
  linkAll(type, id, args.associations);
  return { status: "success", engagement: engagementJson(objectRow(type, id)), message: "Successfully created " + kind.toLowerCase() + " engagement" };`;

export const GET_ENGAGEMENT = `
  return engagementJson(engagementRow(args.engagementId));`;

export const UPDATE_ENGAGEMENT = `
  const row = engagementRow(args.engagementId);
  const kind = kindOfType(row.object_type);
  const values = metadataValues(kind, args.metadata, false);
  if (args.ownerId !== undefined) {
    checkOwner(args.ownerId);
    values.hubspot_owner_id = String(args.ownerId);
  }
  if (args.timestamp !== undefined) values.hs_timestamp = new Date(args.timestamp).toISOString();
  const checked = checkValues(row.object_type, values, definitions(row.object_type));
  checkLinks(args.associations);
  const merged = Object.assign(JSON.parse(row.properties), checked);
  ctx.run("UPDATE crm_objects SET properties = ?, updated_at = ? WHERE id = ?", [sortedStore(merged), nowIso(), row.id]);
  for (const key of Object.keys(V1_KINDS)) {
    if (args.associations[key] === undefined) continue;
    ctx.run("DELETE FROM crm_associations WHERE (from_type = ? AND from_id = ? AND to_type = ?) OR (to_type = ? AND to_id = ? AND from_type = ?)", [row.object_type, row.id, V1_KINDS[key], row.object_type, row.id, V1_KINDS[key]]);
  }
  linkAll(row.object_type, row.id, args.associations);
  return { status: "success", engagement: engagementJson(objectRow(row.object_type, row.id)), message: "Successfully updated " + kind.toLowerCase() + " engagement" };`;
