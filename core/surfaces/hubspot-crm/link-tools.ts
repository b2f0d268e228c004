// The JavaScript of the CRM association tools, after the CRM v4 associations API the real server
// calls: the HUBSPOT_DEFINED types between two object types ({results: [{category, typeId,
// label}]}), an object's associations to one type ({results: [{toObjectId, associationTypes}]},
// ordered by id), and batch creation with one set of types for every pair (a labelled type brings
// the unlabeled one, and every link is stored in both directions). An unknown type id or object
// fails the whole batch.

export const ASSOCIATION_DEFINITIONS = `
  const from = typeOf(args.fromObjectType);
  const to = typeOf(args.toObjectType);
  return {
    results: M.associations
      .filter((a) => a.from === from.name && a.to === to.name)
      .map((a) => ({ category: "HUBSPOT_DEFINED", typeId: a.typeId, label: a.label })),
  };`;

export const LIST_ASSOCIATIONS = `
  const from = typeOf(args.objectType);
  const to = typeOf(args.toObjectType);
  let start = 0;
  if (args.after !== undefined && args.after !== "") {
    if (!/^\\d+$/.test(args.after)) invalid("Invalid input for after: " + args.after + " is not a valid paging cursor");
    start = Number(args.after);
  }
  const rows = ctx.query("SELECT to_id, type_id FROM crm_associations WHERE from_type = ? AND from_id = ? AND to_type = ? ORDER BY CAST(to_id AS INTEGER), type_id", [from.name, String(args.objectId), to.name]);
  const grouped = [];
  for (const r of rows) {
    const last = grouped[grouped.length - 1];
    const entry = typeLabel(from.name, to.name, r.type_id);
    if (last && last.toObjectId === Number(r.to_id)) last.associationTypes.push(entry);
    else grouped.push({ toObjectId: Number(r.to_id), associationTypes: [entry] });
  }
  const page = grouped.slice(start, start + 500);
  const answer = { results: page };
  if (start + 500 < grouped.length) answer.paging = { next: { after: String(start + 500) } };
  return answer;`;

export const CREATE_ASSOCIATIONS = `
  const from = typeOf(args.fromObjectType);
  const to = typeOf(args.toObjectType);
  if (args.inputs.length > M.limits.maxAssociationBatch) invalid("Batch input limit is " + M.limits.maxAssociationBatch);
  const types = args.types.map((ty) => {
    const found = ty.associationCategory === "HUBSPOT_DEFINED" ? assocType(from.name, to.name, ty.associationTypeId) : undefined;
    if (!found) invalid("associationTypeId " + ty.associationTypeId + " (" + ty.associationCategory + ") is not a valid association type between " + from.name + " and " + to.name);
    return found;
  });
  for (const input of args.inputs) {
    if (objectRow(from.name, input.from.id) === null) invalid("No " + from.name + " with ID " + input.from.id + " exist", { context: { id: [input.from.id] } });
    if (objectRow(to.name, input.to.id) === null) invalid("No " + to.name + " with ID " + input.to.id + " exist", { context: { id: [input.to.id] } });
  }
  const now = nowIso();
  const results = args.inputs.map((input) => {
    for (const ty of types) associate(from.name, input.from.id, to.name, input.to.id, ty.typeId);
    return {
      fromObjectTypeId: from.typeId,
      fromObjectId: Number(input.from.id),
      toObjectTypeId: to.typeId,
      toObjectId: Number(input.to.id),
      labels: types.filter((ty) => ty.label !== null).map((ty) => ty.label),
    };
  });
  return { status: "COMPLETE", results, startedAt: now, completedAt: now };`;
