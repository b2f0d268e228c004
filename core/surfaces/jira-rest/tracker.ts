// The issue-tracker profile of the REST surface: an API with a top-level `issue` collection whose
// create example is `{"fields": {"project": {...}, "issuetype": {...}, ...}}` and a `project`
// collection (Jira's REST v3 layout). Its documents take Jira's shapes: issues keyed `PROJ-12`
// with numeric ids from 10001, fields under `fields`, users named by `accountId`, comments and
// worklogs under their issue.
//
// Domain knowledge the descriptions do not give, kept small and generic:
// - a four-status workflow, To Do -> In Progress -> In Review -> Done, with Jira's status
//   categories (new, indeterminate, done); every status is reachable from every other by a
//   global transition (ids 11, 21, 31, 41: To Do, In Progress, Done, In Review), and the status
//   of an issue changes only through `POST .../transitions` when that path is described;
// - Jira's five default priorities (Highest .. Lowest) and four issue types (Epic, Task, Bug,
//   Story); a new issue starts in To Do with priority Medium, reported by the acting user;
// - `assignee`, `reporter`, `author`, `updateAuthor` and `lead` name users; the acting user (the
//   API token's owner, `currentUser()` in JQL) is the first seeded user;
// - worklog `timeSpent` is derived from `timeSpentSeconds` in Jira's working units (1d = 8h,
//   1w = 5d).

import { isJsonObject } from "../../mcp/spec-schema";
import type { ActionConfig, CollectionConfig, FieldSpec, JqlConfig } from "./config";
import { genericLayout } from "./generic";
import type { ApiModel, CollectionModel } from "./model";
import { baseCollection, F, type Profile, type ProfileInput } from "./profile";
import { TRACKER_SITE, trackerDocs } from "./tracker-seed";

/** An issue tracker: `issue` created with `fields.project` and `fields.issuetype`, and projects. */
export function isTracker(model: ApiModel): boolean {
  const issue = model.collections.find((c) => c.name === "issue" && c.parent === null);
  const fields = issue?.createExample?.fields;
  return (
    isJsonObject(fields) &&
    isJsonObject(fields.project) &&
    isJsonObject(fields.issuetype) &&
    model.collections.some((c) => c.name === "project" && c.parent === null)
  );
}

const userView = ["self", "accountId", "emailAddress", "displayName", "active", "timeZone"];

function layout(c: CollectionModel, model: ApiModel, via: string | null): CollectionConfig {
  const base = baseCollection(c);
  const actor = (name: string, role: "actor" | "actorUpdate" = "actor"): FieldSpec => ({
    name,
    role,
    ref: "user",
  });
  switch (c.name) {
    case "user":
      return {
        ...base,
        identity: "accountId",
        numericIds: false,
        refView: [...userView, "accountType"],
        lookup: ["accountId"],
        textFields: ["displayName", "emailAddress"],
        top: [
          F.self(),
          F.value("accountId", "string"),
          F.value("accountType", "string"),
          F.value("emailAddress", "string"),
          F.value("displayName", "string"),
          F.value("active", "boolean"),
          F.value("timeZone", "string"),
          F.value("locale", "string"),
        ],
      };
    case "project":
      return {
        ...base,
        refView: ["self", "id", "key", "name", "projectTypeKey"],
        lookup: ["key", "id", "name"],
        top: [
          F.self(),
          F.id(),
          F.key(),
          F.value("name", "string", { required: true }),
          F.value("description", "string", { nullable: true }),
          F.ref("lead", "user"),
          F.value("projectTypeKey", "string", { immutable: true }),
          F.value("isPrivate", "boolean"),
        ],
      };
    case "status":
      return {
        ...base,
        refView: ["self", "description", "name", "id", "statusCategory"],
        lookup: ["name", "id"],
        top: [
          F.self(),
          F.value("description", "string"),
          F.value("name", "string"),
          F.id(),
          F.value("statusCategory", "object"),
        ],
      };
    case "priority":
      return {
        ...base,
        refView: ["self", "name", "id"],
        lookup: ["name", "id"],
        top: [
          F.self(),
          F.value("statusColor", "string"),
          F.value("description", "string"),
          F.value("name", "string"),
          F.id(),
        ],
      };
    case "issuetype":
      return {
        ...base,
        refView: ["self", "id", "description", "name", "subtask", "hierarchyLevel"],
        lookup: ["name", "id"],
        top: [
          F.self(),
          F.id(),
          F.value("description", "string"),
          F.value("name", "string"),
          F.value("subtask", "boolean"),
          F.value("hierarchyLevel", "number"),
        ],
      };
    case "issue":
      return {
        ...base,
        firstId: 10001,
        keyFrom: "project",
        envelope: "fields",
        refView: ["id", "key", "self"],
        lookup: ["key", "id"],
        top: [F.id(), F.self(), F.key(), { name: "fields", role: "envelope" }],
        env: [
          F.value("summary", "string", { required: true }),
          F.ref("issuetype", "issuetype", { required: true }),
          F.ref("project", "project", { required: true, immutable: true }),
          F.ref("status", "status", {
            default: { name: "To Do" },
            ...(via !== null ? { via } : {}),
          }),
          F.ref("priority", "priority", { default: { name: "Medium" } }),
          F.ref("assignee", "user", { nullable: true, default: null }),
          actor("reporter"),
          F.value("labels", "array", { items: "string", default: [] }),
          F.value("description", "object", { nullable: true, default: null }),
          F.value("duedate", "string", { nullable: true, default: null }),
          F.created(),
          F.updated(),
        ],
      };
    case "comment":
      return {
        ...base,
        top: [
          F.self(),
          F.id(),
          actor("author"),
          F.value("body", "object", { required: true }),
          actor("updateAuthor", "actorUpdate"),
          F.created(),
          F.updated(),
        ],
      };
    case "worklog":
      return {
        ...base,
        top: [
          F.self(),
          actor("author"),
          actor("updateAuthor", "actorUpdate"),
          F.value("comment", "object", { nullable: true }),
          F.created(),
          F.updated(),
          F.value("started", "string", { defaultNow: true }),
          { name: "timeSpent", role: "duration", from: "timeSpentSeconds" },
          F.value("timeSpentSeconds", "number", { required: true, min: 60 }),
          F.id(),
          { name: "issueId", role: "parentId" },
        ],
      };
    case "watchers":
      return {
        ...base,
        identity: "accountId",
        numericIds: false,
        top: userView.map((name) => F.value(name, name === "active" ? "boolean" : "string")),
      };
    case "properties":
      return {
        ...base,
        top: [{ name: "key", role: "clientKey" }, F.value("value", "any", { required: true })],
      };
    default:
      return genericLayout(c, model);
  }
}

function jqlConfig(issue: CollectionConfig, ranks: { status: string[]; priority: string[] }) {
  const has = (name: string) => issue.env.some((f) => f.name === name);
  const at = (name: string) => ["fields", name];
  const fields: JqlConfig["fields"] = {
    key: { kind: "key" },
    issuekey: { kind: "key" },
    id: { kind: "key" },
  };
  const refs: [string, string, string[], Partial<JqlConfig["fields"][string]>][] = [
    ["project", "project", ["key", "id", "name"], { sort: "key" }],
    ["status", "status", ["name", "id"], { rank: ranks.status }],
    ["priority", "priority", ["name", "id"], { rank: ranks.priority }],
    ["issuetype", "issuetype", ["name", "id"], {}],
    ["type", "issuetype", ["name", "id"], {}],
  ];
  for (const [name, field, match, more] of refs)
    if (has(field)) fields[name] = { kind: "ref", path: at(field), match, ...more };
  if (has("status"))
    fields.statuscategory = {
      kind: "ref",
      path: ["fields", "status", "statusCategory"],
      match: ["name", "key"],
    };
  for (const name of ["assignee", "reporter"])
    if (has(name))
      fields[name] = {
        kind: "user",
        path: at(name),
        match: ["accountId", "displayName", "emailAddress"],
        sort: "displayName",
      };
  if (has("labels")) fields.labels = { kind: "list", path: at("labels") };
  for (const name of ["summary", "description"])
    if (has(name)) fields[name] = { kind: "text", paths: [at(name)] };
  fields.text = {
    kind: "text",
    paths: ["summary", "description"].filter(has).map(at),
  };
  for (const name of ["created", "updated", "duedate"])
    if (has(name)) fields[name] = { kind: "date", path: at(name) };
  if (has("duedate")) fields.due = { kind: "date", path: at("duedate") };
  return { fields, defaultOrder: [{ field: "created", dir: "desc" as const }] };
}

export function trackerProfile(input: ProfileInput): Profile {
  const { model } = input;
  const transitionAction = model.actions.find((a) => a.parent === "issue");
  const hasStatus = model.collections.some((c) => c.name === "status");
  const via = transitionAction && hasStatus ? transitionAction.path : null;
  const collections = model.collections.map((c) => layout(c, model, via));
  const has = (name: string) => collections.some((c) => c.name === name);
  const seeded = trackerDocs(input, collections);
  const notes: string[] = [];
  const actions: ActionConfig[] = [];
  for (const a of model.actions) {
    if (a === transitionAction && via !== null) {
      actions.push({
        parent: a.parent,
        segment: a.segment,
        path: a.path,
        field: "status",
        target: "status",
        transitions: seeded.transitions,
        example: a.example,
      });
    } else notes.push(`${a.path}: an action this surface does not know how to perform`);
  }
  const issue = collections.find((c) => c.name === "issue");
  const jql =
    issue && model.searches.some((s) => s.language === "jql" && s.target === "issue")
      ? jqlConfig(issue, seeded.ranks)
      : null;
  return {
    kind: "tracker",
    collections,
    actions,
    jql,
    actor: has("user") ? seeded.actor : null,
    actorCollection: has("user") ? "user" : null,
    time: "jira",
    site: TRACKER_SITE,
    docs: seeded.docs,
    notes,
  };
}
