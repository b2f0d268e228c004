// The task-queue server's answers worked out from a queue in TypeScript, independently of the
// guest code: the markdown progress table of a request and the request list, as
// @kazuph/mcp-taskmanager formats them. The tool tests (tests.ts) expect these.
import type { Json } from "../../base/json";
import type { QueueRequest, QueueTask } from "./seed";

export function progressTable(request: QueueRequest): string {
  const rows = request.tasks.map(
    (t) =>
      `| ${t.id} | ${t.title} | ${t.description} | ${t.done ? "✅ Done" : "🔄 In Progress"} | ${t.approved ? "✅ Approved" : "⏳ Pending"} |\n`,
  );
  return [
    "\nProgress Status:\n",
    "| Task ID | Title | Description | Status | Approval |\n",
    "|----------|----------|------|------|----------|\n",
    ...rows,
  ].join("");
}

export function requestSummary(request: QueueRequest) {
  return {
    requestId: request.id,
    originalRequest: request.originalRequest,
    totalTasks: request.tasks.length,
    completedTasks: request.tasks.filter((t) => t.done).length,
    approvedTasks: request.tasks.filter((t) => t.approved).length,
  };
}

export function requestList(queue: readonly QueueRequest[]): Json {
  const lines = queue.map((r) => {
    const s = requestSummary(r);
    const text = `${r.originalRequest.substring(0, 30)}${r.originalRequest.length > 30 ? "..." : ""}`;
    return `| ${r.id} | ${text} | ${s.totalTasks} | ${s.completedTasks} | ${s.approvedTasks} |\n`;
  });
  const table = [
    "\nRequests List:\n",
    "| Request ID | Original Request | Total Tasks | Completed | Approved |\n",
    "|------------|------------------|-------------|-----------|----------|\n",
    ...lines,
  ].join("");
  return {
    status: "requests_listed",
    message: `Current requests in the system:\n${table}`,
    requests: queue.map(requestSummary),
  };
}

export const briefTask = (t: QueueTask) => ({
  id: t.id,
  title: t.title,
  description: t.description,
});

export const finishedTask = (t: QueueTask) => ({
  ...briefTask(t),
  completedDetails: t.completedDetails,
  approved: t.approved,
});
