// The JavaScript of the CRM tools about the portal rather than its records, after the real
// server: who the token belongs to (token info, the user's owner record, account details), the
// feedback link (the server's fixed text), custom object schemas (the portal defines none), UI
// links built from a portal id and domain exactly as the server builds them (its validation of
// object type ids, its error JSON), and the read-only automation workflows of the v4 flows API.

export const USER_DETAILS = `
  const owner = ctx.one("SELECT * FROM crm_owners WHERE user_id = ?", [M.portal.userId]);
  return {
    tokenInfo: {
      userId: M.portal.userId,
      hubId: M.portal.hubId,
      appId: M.portal.appId,
      userEmail: M.portal.userEmail,
      scopes: M.portal.scopes,
      tokenType: "private-app",
    },
    ownerInfo: owner === null ? null : {
      id: String(owner.id),
      email: owner.email,
      type: "PERSON",
      firstName: owner.first_name,
      lastName: owner.last_name,
      userId: owner.user_id,
      userIdIncludingInactive: owner.user_id,
      createdAt: owner.created_at,
      updatedAt: owner.updated_at,
      archived: false,
    },
    accountInfo: {
      portalId: M.portal.hubId,
      accountType: "STANDARD",
      timeZone: M.portal.timeZone,
      companyCurrency: M.portal.currency,
      additionalCurrencies: [],
      utcOffset: "-05:00",
      utcOffsetMilliseconds: -18000000,
      uiDomain: M.portal.uiDomain,
      dataHostingLocation: "na1",
    },
  };`;

export const FEEDBACK_LINK = `
  return "Share Feedback link with the user and ask the user to provide feedback: https://developers.hubspot.com/mcp";`;

export const GET_SCHEMAS = `
  return { results: [] };`;

export const GET_LINK = `
  const known = Object.keys(M.linkTypes);
  const errors = [];
  let invalidTypes = false;
  for (const r of args.pageRequests) {
    if (!known.includes(r.objectTypeId) && !r.objectTypeId.startsWith("2-")) {
      invalidTypes = true;
      errors.push("Invalid objectTypeId: " + r.objectTypeId);
      continue;
    }
    if (r.pagetype === "record" && !r.objectId) errors.push("objectId is required for record page with objectTypeId: " + r.objectTypeId);
  }
  if (errors.length > 0) {
    const answer = { errors };
    if (invalidTypes) answer.validObjectTypeIds = known.concat(["2-x (where x is your custom object ID)"]);
    ctx.fail("invalid_argument", JSON.stringify(answer, null, 2), answer);
  }
  return args.pageRequests.map((r) => ({
    pagetype: r.pagetype,
    objectTypeId: r.objectTypeId,
    objectId: r.objectId,
    url: r.pagetype === "index"
      ? "https://" + args.uiDomain + "/contacts/" + args.portalId + "/objects/" + r.objectTypeId
      : "https://" + args.uiDomain + "/contacts/" + args.portalId + "/record/" + r.objectTypeId + "/" + r.objectId,
  }));`;

export const WORKFLOW_JS = `
  const FLOW_TYPES = { "0-1": "CONTACT_FLOW", "0-2": "PLATFORM_FLOW", "0-3": "PLATFORM_FLOW", "0-5": "PLATFORM_FLOW" };
  const ACTION_TYPES = [["Send internal email", "0-8"], ["Send email", "0-4"], ["Create task", "0-3"], ["Delay", "0-1"]];
  const flowSummary = (w) => ({
    id: w.id,
    isEnabled: w.is_enabled === 1,
    flowType: "WORKFLOW",
    revisionId: w.revision_id,
    name: w.name,
    createdAt: w.created_at,
    updatedAt: w.updated_at,
  });`;

export const LIST_WORKFLOWS = `
  const limit = args.limit === undefined ? 20 : Math.floor(args.limit);
  let start = 0;
  if (args.after !== undefined && args.after !== "") {
    if (!/^\\d+$/.test(args.after)) invalid("Invalid input for after: " + args.after + " is not a valid paging cursor");
    start = Number(args.after);
  }
  const rows = ctx.query("SELECT * FROM crm_workflows ORDER BY id");
  const answer = { results: rows.slice(start, start + limit).map(flowSummary) };
  if (start + limit < rows.length) answer.paging = { next: { after: String(start + limit) } };
  return answer;`;

export const GET_WORKFLOW = `
  const w = ctx.one("SELECT * FROM crm_workflows WHERE id = ?", [args.flowId]);
  if (w === null) refuse("not_found", "OBJECT_NOT_FOUND", "Flow " + args.flowId + " not found");
  const steps = JSON.parse(w.actions);
  const out = flowSummary(w);
  out.objectTypeId = w.object_type_id;
  out.type = FLOW_TYPES[w.object_type_id] || "PLATFORM_FLOW";
  out.startActionId = "1";
  out.nextAvailableActionId = String(steps.length + 1);
  out.actions = steps.map((step, i) => {
    const found = ACTION_TYPES.find((a) => step.startsWith(a[0]));
    const action = { type: "SINGLE_CONNECTION", actionId: String(i + 1), actionTypeId: found ? found[1] : "0-1", fields: { description: step } };
    if (i + 1 < steps.length) action.connection = { edgeType: "STANDARD", nextActionId: String(i + 2) };
    return action;
  });
  out.enrollmentCriteria = { shouldReEnroll: false, type: "LIST_BASED", listFilterBranch: { filterBranchType: "OR", description: w.trigger_text } };
  out.timeWindows = [];
  out.blockedDates = [];
  out.customProperties = {};
  out.suppressionListIds = [];
  out.canEnrollFromSalesforce = false;
  return out;`;
