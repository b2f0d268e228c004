// Unit tests of the task-queue tools, computed from the seeded queue independently of the guest
// code: exact answers (status texts, progress tables, the new ids one above the highest), the
// rows each write adds, changes or removes, and the server's refusals (an unknown request or
// task, approving a task not done, approving a request with tasks not approved, changing or
// deleting a done task, adding to a completed request), each as a stable error code.
import type { ToolTest } from "../../environment/spec";
import { slotTestMakers } from "../kit/tool-test-kit";
import type { WorkflowRole, WorkflowSlot } from "./roles";
import { type QueueRequest, type QueueTask, WORKFLOW_TABLES } from "./seed";
import { WORKFLOW_LIMITS } from "./tools";
import { briefTask, finishedTask, progressTable, requestList } from "./view";

export interface WorkflowTestInput {
  role: WorkflowRole;
  /** The server's argument name for each slot the tool takes. */
  args: Partial<Record<WorkflowSlot, string>>;
  queue: readonly QueueRequest[];
  nextTool: string;
}

/** The seeded requests the tests work on, each at the stage its name says. */
function stages(queue: readonly QueueRequest[]) {
  const find = (what: string, test: (r: QueueRequest) => boolean) => {
    const found = queue.find(test);
    if (!found) throw new Error(`the seeded queue has no ${what} request`);
    return found;
  };
  const all = (r: QueueRequest, test: (t: QueueTask) => boolean) =>
    r.tasks.length > 0 && r.tasks.every(test);
  return {
    completed: find("completed", (r) => r.completed),
    awaiting: find("fully approved", (r) => !r.completed && all(r, (t) => t.approved)),
    unapproved: find(
      "done but not approved",
      (r) => all(r, (t) => t.done) && r.tasks.some((t) => !t.approved),
    ),
    started: find(
      "half done",
      (r) => r.tasks.some((t) => t.done && !t.approved) && r.tasks.some((t) => !t.done),
    ),
    planned: find("just planned", (r) => all(r, (t) => !t.done)),
  };
}

function task(request: QueueRequest, test: (t: QueueTask) => boolean): QueueTask {
  const found = request.tasks.find(test);
  if (!found) throw new Error(`request ${request.id} has no such task`);
  return found;
}

const highest = (ids: readonly string[]) =>
  Math.max(0, ...ids.map((id) => Number(id.slice(id.indexOf("-") + 1))));

export function workflowToolTests(input: WorkflowTestInput): ToolTest[] {
  const { role, queue } = input;
  const { ok, fails } = slotTestMakers(input.args, WORKFLOW_TABLES, "exact");
  const s = stages(queue);
  const nextTaskNumber = highest(queue.flatMap((r) => r.tasks.map((t) => t.id))) + 1;
  const newTasks = [
    {
      title: "Translate the pricing page",
      description: "Translate the pricing page and its FAQ into German.",
    },
    {
      title: "Review the translation",
      description: "Have the Berlin sales team proofread the German pricing page.",
    },
  ];
  const numbered = (list: typeof newTasks) =>
    list.map((t, i) => ({ id: `task-${nextTaskNumber + i}`, ...t }));
  const withTasks = (request: QueueRequest, tasks: QueueTask[]): QueueRequest => ({
    ...request,
    tasks,
  });
  const unknownRequest = `req-${highest(queue.map((r) => r.id)) + 99}`;
  const firstPending = task(s.started, (t) => !t.done);
  const doneWaiting = task(s.unapproved, (t) => !t.approved);
  const plannedTask = task(s.planned, () => true);
  switch (role) {
    case "plan_request": {
      const requestId = `req-${highest(queue.map((r) => r.id)) + 1}`;
      const tasks = numbered(newTasks);
      const planned: QueueRequest = {
        id: requestId,
        originalRequest: "Launch the German pricing page",
        splitDetails: "Translate first, then review",
        completed: false,
        tasks: tasks.map((t) => ({ ...t, done: false, approved: false, completedDetails: "" })),
      };
      const tooMany = Array.from({ length: WORKFLOW_LIMITS.maxTasksPerCall + 1 }, (_, i) => ({
        title: `Step ${i + 1}`,
        description: "One more step",
      }));
      return [
        ok(
          `plans a request as ${requestId} with tasks numbered after the highest task`,
          {
            original: planned.originalRequest,
            split: planned.splitDetails,
            tasks: newTasks,
          },
          {
            status: "planned",
            requestId,
            totalTasks: 2,
            tasks,
            message: `Tasks have been successfully added. ${input.nextTool ? `Please use '${input.nextTool}' to retrieve the first task.` : "Please retrieve the first task."}\n${progressTable(planned)}`,
          },
          { requests: [1, 0, 0], tasks: [2, 0, 0] },
        ),
        fails(
          `refuses more than ${WORKFLOW_LIMITS.maxTasksPerCall} tasks in one call`,
          { original: "Too many steps", tasks: tooMany },
          "invalid_argument",
        ),
      ];
    }
    case "next_task":
      return [
        ok(
          "gives the first task not done, skipping a done one that still waits for approval",
          { request: s.started.id },
          {
            status: "next_task",
            task: briefTask(firstPending),
            message: `Next task is ready. Task approval will be required after completion.\n${progressTable(s.started)}`,
          },
        ),
        ok(
          "says all tasks are done when none is left, even before they are approved",
          { request: s.unapproved.id },
          {
            status: "all_tasks_done",
            message: `All tasks have been completed. Awaiting request completion approval.\n${progressTable(s.unapproved)}`,
          },
        ),
        ok(
          "says a completed request is already completed",
          { request: s.completed.id },
          { status: "already_completed", message: "Request already completed." },
        ),
        fails("refuses an unknown request", { request: unknownRequest }, "not_found"),
      ];
    case "mark_done": {
      const details = "Walked through the draft with Priya; her changes are in.";
      const marked = {
        ...firstPending,
        done: true,
        completedDetails: input.args.details ? details : "",
      };
      const approvedTask = task(s.started, (t) => t.approved);
      return [
        ok(
          "marks a pending task done with the notes on the work",
          { request: s.started.id, task: firstPending.id, details },
          { status: "task_marked_done", requestId: s.started.id, task: finishedTask(marked) },
          { tasks: [0, 1, 0] },
        ),
        ok(
          "says a done task is already done and changes nothing",
          { request: s.started.id, task: approvedTask.id, details },
          { status: "already_done", message: "Task is already marked done." },
          {},
        ),
        fails(
          "refuses a task of another request",
          { request: s.planned.id, task: firstPending.id },
          "not_found",
        ),
      ];
    }
    case "approve_task": {
      const approvedTask = task(s.unapproved, (t) => t.approved);
      return [
        ok(
          "approves a done task",
          { request: s.unapproved.id, task: doneWaiting.id },
          {
            status: "task_approved",
            requestId: s.unapproved.id,
            task: finishedTask({ ...doneWaiting, approved: true }),
          },
          { tasks: [0, 1, 0] },
        ),
        fails(
          "refuses a task that is not done yet",
          { request: s.started.id, task: firstPending.id },
          "conflict",
        ),
        ok(
          "says an approved task is already approved and changes nothing",
          { request: s.unapproved.id, task: approvedTask.id },
          { status: "already_approved", message: "Task already approved." },
          {},
        ),
        fails(
          "refuses an unknown task",
          { request: s.unapproved.id, task: `task-${nextTaskNumber + 99}` },
          "not_found",
        ),
      ];
    }
    case "approve_request":
      return [
        ok(
          "completes a request whose tasks are all done and approved",
          { request: s.awaiting.id },
          {
            status: "request_approved_complete",
            requestId: s.awaiting.id,
            message: "Request is fully completed and approved.",
          },
          { requests: [0, 1, 0] },
        ),
        fails(
          "refuses a request with done tasks not yet approved",
          { request: s.unapproved.id },
          "conflict",
        ),
        fails("refuses a request with tasks not done", { request: s.planned.id }, "conflict"),
      ];
    case "open_task": {
      const details = (request: QueueRequest, t: QueueTask) => ({
        status: "task_details",
        requestId: request.id,
        originalRequest: request.originalRequest,
        splitDetails: request.splitDetails,
        completed: request.completed,
        task: {
          ...briefTask(t),
          done: t.done,
          approved: t.approved,
          completedDetails: t.completedDetails,
        },
      });
      return [
        ok(
          "opens a done task with its request and the notes on the work",
          { task: doneWaiting.id },
          details(s.unapproved, doneWaiting),
        ),
        ok(
          "opens a task of a completed request",
          { task: task(s.completed, () => true).id },
          details(
            s.completed,
            task(s.completed, () => true),
          ),
        ),
        ok("opens a pending task", { task: plannedTask.id }, details(s.planned, plannedTask)),
        fails("refuses an unknown task", { task: `task-${nextTaskNumber + 99}` }, "not_found"),
      ];
    }
    case "list_requests":
      return [ok("lists every request with its task counts, in order", {}, requestList(queue))];
    case "add_tasks": {
      const [first] = newTasks;
      const added = numbered(newTasks.slice(0, 1));
      const grown = withTasks(s.started, [
        ...s.started.tasks,
        ...added.map((t) => ({ ...t, done: false, approved: false, completedDetails: "" })),
      ]);
      return [
        ok(
          "adds a task after the request's others, numbered after the highest task",
          { request: s.started.id, tasks: first ? [first] : [] },
          {
            status: "tasks_added",
            message: `Added 1 new tasks to request.\n${progressTable(grown)}`,
            newTasks: added,
          },
          { tasks: [1, 0, 0] },
        ),
        fails(
          "refuses to add to a completed request",
          { request: s.completed.id, tasks: newTasks },
          "conflict",
        ),
        fails(
          "refuses an unknown request",
          { request: unknownRequest, tasks: newTasks },
          "not_found",
        ),
      ];
    }
    case "update_task": {
      const description = `${plannedTask.description} Keep it short.`;
      const title = input.args.title ? `${plannedTask.title} first` : plannedTask.title;
      const updated = { ...plannedTask, title, description };
      const changed = withTasks(
        s.planned,
        s.planned.tasks.map((t) => (t.id === plannedTask.id ? updated : t)),
      );
      return [
        ok(
          "changes a pending task's title and description",
          {
            request: s.planned.id,
            task: plannedTask.id,
            ...(input.args.title ? { title } : {}),
            description,
          },
          {
            status: "task_updated",
            message: `Task ${plannedTask.id} has been updated.\n${progressTable(changed)}`,
            task: briefTask(updated),
          },
          { tasks: [0, 1, 0] },
        ),
        fails(
          "refuses to change a done task",
          { request: s.unapproved.id, task: doneWaiting.id, description },
          "conflict",
        ),
      ];
    }
    case "delete_task": {
      const left = withTasks(
        s.planned,
        s.planned.tasks.filter((t) => t.id !== plannedTask.id),
      );
      return [
        ok(
          "deletes a pending task",
          { request: s.planned.id, task: plannedTask.id },
          {
            status: "task_deleted",
            message: `Task ${plannedTask.id} has been deleted.\n${progressTable(left)}`,
          },
          { tasks: [0, 0, 1] },
        ),
        fails(
          "refuses to delete a done task",
          { request: s.unapproved.id, task: doneWaiting.id },
          "conflict",
        ),
        fails(
          "refuses a task of another request",
          { request: s.started.id, task: plannedTask.id },
          "not_found",
        ),
      ];
    }
  }
}
