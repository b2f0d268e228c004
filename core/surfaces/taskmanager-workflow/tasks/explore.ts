// The exploration side of task-queue synthesis: reading the queue through the environment's own
// tools on the attempt's fresh copy — the request list, then each request's progress table from
// the next-task tool (the only place a request's tasks, their ids and their stages show), and a
// task's notes from its details. Nothing here writes.
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import type { WorkflowLens } from "./lens";

export interface WorkflowContext {
  lens: WorkflowLens;
  rng: Prng;
  runner: ToolRunner;
}

export interface TaskView {
  id: string;
  title: string;
  description: string;
  done: boolean;
  approved: boolean;
}

export interface RequestView {
  id: string;
  /** What the user asked for, as stored: how a user names the request. */
  text: string;
  completed: boolean;
  /** In order; empty for a completed request (the server shows it no table). */
  tasks: TaskView[];
}

type JsonRecord = { [key: string]: Json };
const isRecord = (v: Json | undefined): v is JsonRecord =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function call(ctx: WorkflowContext, tool: string, args: Record<string, Json>): JsonRecord | null {
  const outcome = ctx.runner.call(tool, args);
  return outcome.ok && isRecord(outcome.result) ? outcome.result : null;
}

/** The rows of a progress table in a message, as the solution programs read them too. */
export function progressRows(message: Json | undefined): TaskView[] {
  if (typeof message !== "string") return [];
  return message
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Task ID"))
    .map((line) => line.slice(2, -2).split(" | "))
    .filter((cells) => cells.length === 5)
    .map(([id = "", title = "", description = "", status = "", approval = ""]) => ({
      id,
      title,
      description,
      done: status.includes("Done"),
      approved: approval.includes("Approved"),
    }));
}

/**
 * Text a user can quote and a program can find again: one line, no table bars or double quotes,
 * no surrounding spaces.
 */
export const quotable = (text: string) =>
  text.length >= 3 && text.length <= 160 && text === text.trim() && !/["|\n\r`]/.test(text);

/** Every request with its tasks, or undefined when the list cannot be read. */
export function readQueue(ctx: WorkflowContext): RequestView[] | undefined {
  const listed = call(ctx, ctx.lens.list_requests.name, {})?.requests;
  if (!Array.isArray(listed)) return undefined;
  const requestArg = ctx.lens.next_task.args.request ?? "requestId";
  const out: RequestView[] = [];
  for (const r of listed) {
    if (!isRecord(r) || typeof r.requestId !== "string" || typeof r.originalRequest !== "string") {
      continue;
    }
    const next = call(ctx, ctx.lens.next_task.name, { [requestArg]: r.requestId });
    if (!next) continue;
    out.push({
      id: r.requestId,
      text: r.originalRequest,
      completed: next.status === "already_completed",
      tasks: progressRows(next.message),
    });
  }
  return out;
}

/** The notes left on a finished task, from its details. */
export function notesOf(ctx: WorkflowContext, taskId: string): string | undefined {
  const open = ctx.lens.open_task;
  if (!open) return undefined;
  const details = call(ctx, open.name, { [open.args.task ?? "taskId"]: taskId })?.task;
  return isRecord(details) && typeof details.completedDetails === "string"
    ? details.completedDetails
    : undefined;
}

/** Requests a user can name and work on: not completed, quotable, with quotable task titles. */
export function openRequests(queue: readonly RequestView[]): RequestView[] {
  const texts = queue.map((r) => r.text);
  return queue.filter(
    (r) =>
      !r.completed &&
      quotable(r.text) &&
      texts.filter((t) => t === r.text).length === 1 &&
      r.tasks.every((t) => quotable(t.title)) &&
      new Set(r.tasks.map((t) => t.title)).size === r.tasks.length,
  );
}
