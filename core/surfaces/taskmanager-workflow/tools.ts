// The JavaScript of each task-queue tool, written after the TaskManagerServer of
// @kazuph/mcp-taskmanager: ids `req-N` and `task-N` one above the highest in use; results are the
// server's JSON (its `status` texts, and the markdown progress table in `message` where it shows
// one); `get_next_task` gives the first task not done (the server does not hold it back until
// the previous one is approved, it only asks the agent to wait) and says `all_tasks_done` or
// `already_completed` instead; marking a done task again says `already_done`, approving an
// approved one `already_approved`. Where the real server answers `{status: "error", message}`
// (an unknown request or task, approving a task that is not done, approving a request with tasks
// not done or not approved, adding to a completed request, changing or deleting a done task) the
// tool fails with a stable code (`not_found`, `conflict`) and that answer as the error's details.
// Each call's work is bounded by WORKFLOW_LIMITS.
import type { ToolSpec } from "../../environment/spec";
import type { WorkflowRole, WorkflowSlot } from "./roles";

/** Per-call and per-queue bounds; the real server has none, an episode's tool call must. */
export const WORKFLOW_LIMITS = {
  /** Tasks one planning or adding call may give. */
  maxTasksPerCall: 50,
  /** Tasks one request may hold (each call that shows a progress table reads them all). */
  maxTasksPerRequest: 200,
  /** Requests the queue may hold (the request list reads them all). */
  maxRequests: 200,
  maxTitleChars: 200,
  maxDescriptionChars: 2000,
  /** A request's text, its split details, or the notes on finished work. */
  maxTextChars: 4000,
} as const;

const HELPERS = `
  const refuse = (code, message, status) => ctx.fail(code, message, { status: status || "error", message });
  const given = (slot) => (A[slot] === undefined ? undefined : args[A[slot]]);
  const checkText = (text, max, what) => {
    if (text.length > max) refuse("invalid_argument", what + " is longer than " + max + " characters");
  };
  const REQUEST = "SELECT request_id, original_request, split_details, completed FROM workflow_requests WHERE request_id = ?";
  const TASK = "SELECT task_id, request_id, title, description, done, approved, completed_details FROM workflow_tasks";
  const requestOf = (id) => {
    const found = ctx.one(REQUEST, [id]);
    if (found === null) refuse("not_found", "Request not found");
    return found;
  };
  const taskOf = (requestId, taskId) => {
    const found = ctx.one(TASK + " WHERE request_id = ? AND task_id = ?", [requestId, taskId]);
    if (found === null) refuse("not_found", "Task not found");
    return found;
  };
  const tasksOf = (requestId) => ctx.query(TASK + " WHERE request_id = ? ORDER BY number", [requestId]);
  const progressTable = (requestId) => {
    let table = "\\nProgress Status:\\n";
    table += "| Task ID | Title | Description | Status | Approval |\\n";
    table += "|----------|----------|------|------|----------|\\n";
    for (const t of tasksOf(requestId)) {
      const status = t.done === 1 ? "✅ Done" : "🔄 In Progress";
      const approval = t.approved === 1 ? "✅ Approved" : "⏳ Pending";
      table += "| " + t.task_id + " | " + t.title + " | " + t.description + " | " + status + " | " + approval + " |\\n";
    }
    return table;
  };
  const brief = (t) => ({ id: t.task_id, title: t.title, description: t.description });
  const finished = (t) => ({ id: t.task_id, title: t.title, description: t.description, completedDetails: t.completed_details, approved: t.approved === 1 });
  const checkTasks = (list) => {
    if (list.length > C.maxTasksPerCall) refuse("invalid_argument", "At most " + C.maxTasksPerCall + " tasks can be given in one call");
    for (const t of list) {
      checkText(t.title, C.maxTitleChars, "A task title");
      checkText(t.description === undefined ? "" : t.description, C.maxDescriptionChars, "A task description");
    }
  };
  // New tasks continue from the highest task number in the queue, as the server's counter does.
  const insertTasks = (requestId, list) => {
    const held = ctx.one("SELECT COUNT(*) AS n FROM workflow_tasks WHERE request_id = ?", [requestId]).n;
    if (held + list.length > C.maxTasksPerRequest) refuse("limit_exceeded", "A request holds at most " + C.maxTasksPerRequest + " tasks");
    const top = ctx.one("SELECT COALESCE(MAX(number), 0) AS n FROM workflow_tasks").n;
    return list.map((t, i) => {
      const number = top + i + 1;
      const row = { task_id: "task-" + number, title: t.title, description: t.description === undefined ? "" : t.description };
      ctx.run("INSERT INTO workflow_tasks (task_id, number, request_id, title, description, done, approved, completed_details) VALUES (?, ?, ?, ?, ?, 0, 0, '')", [row.task_id, number, requestId, row.title, row.description]);
      return brief(row);
    });
  };`;

const PLAN_REQUEST = `
  const original = given("original");
  const split = given("split");
  const list = given("tasks");
  checkText(original, C.maxTextChars, "The request");
  if (split !== undefined) checkText(split, C.maxTextChars, "The split details");
  checkTasks(list);
  const top = ctx.one("SELECT COUNT(*) AS n, COALESCE(MAX(number), 0) AS top FROM workflow_requests");
  if (top.n >= C.maxRequests) refuse("limit_exceeded", "The queue holds at most " + C.maxRequests + " requests");
  const requestId = "req-" + (top.top + 1);
  ctx.run("INSERT INTO workflow_requests (request_id, number, original_request, split_details, completed) VALUES (?, ?, ?, ?, 0)", [requestId, top.top + 1, original, split ? split : original]);
  const tasks = insertTasks(requestId, list);
  return {
    status: "planned",
    requestId,
    totalTasks: tasks.length,
    tasks,
    message: "Tasks have been successfully added. " + (NAMES.next ? "Please use '" + NAMES.next + "' to retrieve the first task." : "Please retrieve the first task.") + "\\n" + progressTable(requestId),
  };`;

const NEXT_TASK = `
  const request = requestOf(given("request"));
  if (request.completed === 1) return { status: "already_completed", message: "Request already completed." };
  const next = ctx.one(TASK + " WHERE request_id = ? AND done = 0 ORDER BY number LIMIT 1", [request.request_id]);
  if (next === null) {
    return { status: "all_tasks_done", message: "All tasks have been completed. Awaiting request completion approval.\\n" + progressTable(request.request_id) };
  }
  return {
    status: "next_task",
    task: brief(next),
    message: "Next task is ready. Task approval will be required after completion.\\n" + progressTable(request.request_id),
  };`;

const MARK_DONE = `
  const request = requestOf(given("request"));
  const task = taskOf(request.request_id, given("task"));
  if (task.done === 1) return { status: "already_done", message: "Task is already marked done." };
  const details = given("details");
  const notes = details ? details : "";
  checkText(notes, C.maxTextChars, "The completed details");
  ctx.run("UPDATE workflow_tasks SET done = 1, completed_details = ? WHERE task_id = ?", [notes, task.task_id]);
  task.completed_details = notes;
  return { status: "task_marked_done", requestId: request.request_id, task: finished(task) };`;

const APPROVE_TASK = `
  const request = requestOf(given("request"));
  const task = taskOf(request.request_id, given("task"));
  if (task.done !== 1) refuse("conflict", "Task not done yet.");
  if (task.approved === 1) return { status: "already_approved", message: "Task already approved." };
  ctx.run("UPDATE workflow_tasks SET approved = 1 WHERE task_id = ?", [task.task_id]);
  task.approved = 1;
  return { status: "task_approved", requestId: request.request_id, task: finished(task) };`;

const APPROVE_REQUEST = `
  const request = requestOf(given("request"));
  const counts = ctx.one("SELECT COUNT(*) AS total, COALESCE(SUM(done), 0) AS done, COALESCE(SUM(done * approved), 0) AS approved FROM workflow_tasks WHERE request_id = ?", [request.request_id]);
  if (counts.done < counts.total) refuse("conflict", "Not all tasks are done.");
  if (counts.approved < counts.total) refuse("conflict", "Not all done tasks are approved.");
  ctx.run("UPDATE workflow_requests SET completed = 1 WHERE request_id = ? AND completed = 0", [request.request_id]);
  return { status: "request_approved_complete", requestId: request.request_id, message: "Request is fully completed and approved." };`;

const OPEN_TASK = `
  const task = ctx.one(TASK + " WHERE task_id = ?", [given("task")]);
  if (task === null) refuse("not_found", "No such task found", "task_not_found");
  const request = requestOf(task.request_id);
  return {
    status: "task_details",
    requestId: request.request_id,
    originalRequest: request.original_request,
    splitDetails: request.split_details,
    completed: request.completed === 1,
    task: {
      id: task.task_id,
      title: task.title,
      description: task.description,
      done: task.done === 1,
      approved: task.approved === 1,
      completedDetails: task.completed_details,
    },
  };`;

const LIST_REQUESTS = `
  const rows = ctx.query("SELECT r.request_id, r.original_request, COUNT(t.task_id) AS total, COALESCE(SUM(t.done), 0) AS done, COALESCE(SUM(t.approved), 0) AS approved FROM workflow_requests r LEFT JOIN workflow_tasks t ON t.request_id = r.request_id GROUP BY r.request_id ORDER BY r.number");
  let table = "\\nRequests List:\\n";
  table += "| Request ID | Original Request | Total Tasks | Completed | Approved |\\n";
  table += "|------------|------------------|-------------|-----------|----------|\\n";
  for (const r of rows) {
    const text = r.original_request.substring(0, 30) + (r.original_request.length > 30 ? "..." : "");
    table += "| " + r.request_id + " | " + text + " | " + r.total + " | " + r.done + " | " + r.approved + " |\\n";
  }
  return {
    status: "requests_listed",
    message: "Current requests in the system:\\n" + table,
    requests: rows.map((r) => ({ requestId: r.request_id, originalRequest: r.original_request, totalTasks: r.total, completedTasks: r.done, approvedTasks: r.approved })),
  };`;

const ADD_TASKS = `
  const request = requestOf(given("request"));
  if (request.completed === 1) refuse("conflict", "Cannot add tasks to completed request");
  const list = given("tasks");
  checkTasks(list);
  const newTasks = insertTasks(request.request_id, list);
  return {
    status: "tasks_added",
    message: "Added " + newTasks.length + " new tasks to request.\\n" + progressTable(request.request_id),
    newTasks,
  };`;

const UPDATE_TASK = `
  const request = requestOf(given("request"));
  const task = taskOf(request.request_id, given("task"));
  if (task.done === 1) refuse("conflict", "Cannot update completed task");
  const title = given("title");
  const description = given("description");
  // Like the server, an empty title or description leaves the old one.
  if (title) {
    checkText(title, C.maxTitleChars, "A task title");
    task.title = title;
  }
  if (description) {
    checkText(description, C.maxDescriptionChars, "A task description");
    task.description = description;
  }
  ctx.run("UPDATE workflow_tasks SET title = ?, description = ? WHERE task_id = ?", [task.title, task.description, task.task_id]);
  return {
    status: "task_updated",
    message: "Task " + task.task_id + " has been updated.\\n" + progressTable(request.request_id),
    task: brief(task),
  };`;

const DELETE_TASK = `
  const request = requestOf(given("request"));
  const task = taskOf(request.request_id, given("task"));
  if (task.done === 1) refuse("conflict", "Cannot delete completed task");
  ctx.run("DELETE FROM workflow_tasks WHERE task_id = ?", [task.task_id]);
  return {
    status: "task_deleted",
    message: "Task " + task.task_id + " has been deleted.\\n" + progressTable(request.request_id),
  };`;

const BODIES: Record<WorkflowRole, string> = {
  plan_request: PLAN_REQUEST,
  next_task: NEXT_TASK,
  mark_done: MARK_DONE,
  approve_task: APPROVE_TASK,
  approve_request: APPROVE_REQUEST,
  open_task: OPEN_TASK,
  list_requests: LIST_REQUESTS,
  add_tasks: ADD_TASKS,
  update_task: UPDATE_TASK,
  delete_task: DELETE_TASK,
};

const READS: ReadonlySet<WorkflowRole> = new Set(["next_task", "open_task", "list_requests"]);

export function workflowEffect(role: WorkflowRole): ToolSpec["effect"] {
  return READS.has(role) ? "read" : "write";
}

export interface WorkflowCode {
  role: WorkflowRole;
  functionName: string;
  /** The server's argument name for each slot the tool takes. */
  args: Partial<Record<WorkflowSlot, string>>;
  /** The published name of the next-task tool, which the planning answer tells the agent to call ("" if none). */
  nextTool: string;
}

/** `function name(args, ctx) { const C = {...}; const A = {...}; helpers; body }`. */
export function workflowImplementation(code: WorkflowCode): string {
  return [
    `function ${code.functionName}(args, ctx) {`,
    `  const C = ${JSON.stringify(WORKFLOW_LIMITS)};`,
    `  const A = ${JSON.stringify(code.args)};`,
    `  const NAMES = ${JSON.stringify({ next: code.nextTool })};`,
    `  ${HELPERS.trim()}`,
    `  ${BODIES[code.role].trim()}`,
    "}",
  ].join("\n");
}
