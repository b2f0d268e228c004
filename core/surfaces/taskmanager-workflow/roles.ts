// Which task-queue operation a tool is, from its name and arguments. A task-queue server keeps
// user requests split into ordered tasks that move from pending to done to approved (like
// @kazuph/mcp-taskmanager). The name must say the operation (`request_planning`, `get_next_task`,
// `mark_task_done`, `approve_task_completion`, `approve_request_completion`, `open_task_details`,
// `list_requests`, `add_tasks_to_request`, `update_task`, `delete_task`, or the same words in
// another order or case) and every argument must fill one of that operation's slots, whatever
// the server calls it: the request's id (`requestId`, `request_id`), the task's id, the request
// text (`originalRequest`, `goal`), notes on the split or on the finished work, a new title or
// description, and the list of tasks, an array of `{title, description}` objects.
// A name that says an operation over arguments that do not fit is reported with the reason.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import {
  anyWord as any,
  matchRoleSlots,
  onlyTypes as only,
  type SlotMatch,
  type SlotRule,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type WorkflowRole =
  | "plan_request"
  | "next_task"
  | "mark_done"
  | "approve_task"
  | "approve_request"
  | "open_task"
  | "list_requests"
  | "add_tasks"
  | "update_task"
  | "delete_task";

export type WorkflowSlot =
  | "request"
  | "task"
  | "original"
  | "split"
  | "details"
  | "tasks"
  | "title"
  | "description";

/** The argument names each slot answers to, compared without case, `_` or `-`. */
const SLOT_NAMES: Record<WorkflowSlot, readonly string[]> = {
  request: ["requestid", "reqid", "request"],
  task: ["taskid", "task"],
  original: ["originalrequest", "request", "goal", "prompt", "userrequest"],
  split: ["splitdetails", "plan", "plandetails", "breakdown"],
  details: ["completeddetails", "completionnotes", "details", "notes", "summary"],
  tasks: ["tasks", "steps", "items"],
  title: ["title", "newtitle"],
  description: ["description", "newdescription"],
};

type RoleRule = SlotRule<WorkflowRole, WorkflowSlot>;

const taskWord = (w: ReadonlySet<string>) => any(w, "task", "tasks");
const requestWord = (w: ReadonlySet<string>) => any(w, "request", "requests");

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "approve_task",
    named: (w) => any(w, "approve") && taskWord(w),
    slots: { request: true, task: true },
  },
  {
    role: "approve_request",
    named: (w) => any(w, "approve") && requestWord(w),
    slots: { request: true },
  },
  {
    role: "add_tasks",
    named: (w) => any(w, "add", "append") && taskWord(w) && requestWord(w),
    slots: { request: true, tasks: true },
  },
  {
    role: "plan_request",
    named: (w) =>
      any(w, "plan", "planning") ||
      (any(w, "create", "register", "new", "submit") && requestWord(w)),
    slots: { original: true, tasks: true, split: false },
  },
  {
    role: "next_task",
    named: (w) => any(w, "next") && taskWord(w),
    slots: { request: true },
  },
  {
    role: "mark_done",
    named: (w) => taskWord(w) && any(w, "done", "complete", "finish", "finished"),
    slots: { request: true, task: true, details: false },
  },
  {
    role: "open_task",
    named: (w) => taskWord(w) && any(w, "open", "details", "detail", "inspect", "show", "get"),
    slots: { task: true },
  },
  {
    role: "list_requests",
    named: (w) => any(w, "list", "show", "get") && any(w, "requests"),
    slots: {},
  },
  {
    role: "update_task",
    named: (w) => taskWord(w) && any(w, "update", "edit", "modify", "change"),
    slots: { request: true, task: true, title: false, description: false },
  },
  {
    role: "delete_task",
    named: (w) => taskWord(w) && any(w, "delete", "remove"),
    slots: { request: true, task: true },
  },
];

export type WorkflowRoleMatch = SlotMatch<WorkflowRole, WorkflowSlot>;

/** The tool's role, or undefined when its name names no task-queue operation. */
export function matchWorkflowRole(tool: SurfaceTool): WorkflowRoleMatch | undefined {
  return matchRoleSlots(tool, RULES, {
    surface: "task-queue",
    names: (slot) => SLOT_NAMES[slot],
    unfit: (schema, slot, name) =>
      isJsonObject(schema) && fits(schema, slot)
        ? undefined
        : `its "${name}" is not ${slot === "tasks" ? "an array of {title, description}" : "a string"}`,
  });
}

const isText = (s: unknown) => isJsonObject(s) && only(s, "string") && s.enum === undefined;

function fits(schema: JsonObject, slot: WorkflowSlot): boolean {
  if (slot !== "tasks") return isText(schema);
  const items = schema.items;
  if (!only(schema, "array") || !isJsonObject(items) || !isJsonObject(items.properties)) {
    return false;
  }
  const keys = Object.keys(items.properties);
  const required = Array.isArray(items.required) ? items.required : [];
  return (
    keys.length === 2 &&
    isText(items.properties.title) &&
    isText(items.properties.description) &&
    required.includes("title")
  );
}

/**
 * A server keeps a task queue when its fitting tools plan a request as a list of tasks, mark a
 * task done, and approve a done task: the pending -> done -> approved cycle the surface models.
 */
export function looksLikeTaskQueue(roles: readonly WorkflowRole[]): boolean {
  return (
    roles.includes("plan_request") && roles.includes("mark_done") && roles.includes("approve_task")
  );
}
