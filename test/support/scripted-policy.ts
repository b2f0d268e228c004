// A scripted *agent* on a real OpenAI-compatible HTTP server: the test double for rollout policies.
// Every answer is decided from the request body alone (never from a shared queue), so any number
// of rollouts can talk to it at once. The model name picks the behaviour:
//   scripted               turns registered for the task (POST /__scripts, or addScript in Node)
//   final:<text>           answers <text> at once
//   loop:<tool>            calls <tool> with {} forever (a model that never stops)
//   slow-loop:<ms>:<tool>  the same, each turn answered after <ms> (a long-running rollout)
//   unknown-tool           calls `no_such_tool`, then answers DONE
//   bad-args:<tool>        calls <tool> with the arguments text `{not json`, then answers DONE
//   parallel:<a>,<b>,...   calls every tool in one turn with {}, then answers DONE
//   status:<code>          always that HTTP status (429 and 503 with Retry-After: 0)
//   malformed              a body that is not JSON
//   slow:<ms>              waits <ms>, then answers DONE
//   huge:<chars>           answers that many characters (a trajectory larger than a queue message)
//   echo-tools             answers DONE (assert the offered tools through GET /__requests)
// Like a strict real server it answers 400 to a request that is not a valid Chat Completions body
// or whose tool messages do not answer the tool calls before them one for one.
import { z } from "zod";
import {
  type ChatCompletionRequest,
  ChatCompletionRequestSchema,
} from "../../core/llm/chat-schemas";
import {
  type RecordedRequest,
  type ScriptedOpenAiServer,
  type ScriptedResponse,
  type ScriptedRouteAnswer,
  type ScriptedToolCall,
  startScriptedOpenAiServer,
} from "./scripted-openai-server";

/** One assistant turn of a script: tool calls (ids are filled in), text, or both. */
export const ScriptTurnSchema = z.object({
  toolCalls: z
    .array(
      z.object({
        name: z.string().min(1),
        arguments: z.union([z.record(z.string(), z.unknown()), z.string()]),
      }),
    )
    .optional(),
  content: z.string().optional(),
});
export type ScriptTurn = z.infer<typeof ScriptTurnSchema>;

/** Turns played to every `scripted` conversation whose first user message contains `match`. */
export const ScriptSchema = z.object({
  match: z.string().min(1),
  turns: z.array(ScriptTurnSchema),
});
export type Script = z.infer<typeof ScriptSchema>;

/** The model name that plays registered scripts. */
export const SCRIPTED_MODEL = "scripted";
/** The final answer past a script's last turn, with no matching script, and after a fault. */
export const FINAL_ANSWER = "DONE";
/** The largest `huge:<chars>` answer, so a typo cannot exhaust the test process's memory. */
const MAX_HUGE_CHARS = 64 * 1024 * 1024;

/** What `GET /__requests` tells about one request (the control routes are not listed). */
export interface PolicyRequestSummary {
  method: string;
  path: string;
  /** null when the body was not JSON or had no model. */
  model: string | null;
  messages: number;
  /** Names of the tools offered. */
  tools: string[];
  /** The first user message, cut to 200 characters ("" when there is none). */
  user: string;
  /** The sampling fields the request set: temperature, top_p, max_tokens, seed, stop. */
  sampling: Record<string, unknown>;
  /** The `Authorization` header as sent, null when absent. */
  authorization: string | null;
}

/** Narrows the recorded requests: `model` exactly, `user` a substring of the first user message. */
export interface PolicyRequestFilter {
  model?: string;
  user?: string;
}

export interface ScriptedPolicyServer extends ScriptedOpenAiServer {
  /** Registers a script from Node (workerd tests use `POST /__scripts`). */
  addScript(script: Script): void;
  /** Removes the scripts with this `match`, or every script. */
  clearScripts(match?: string): void;
  requestSummaries(filter?: PolicyRequestFilter): PolicyRequestSummary[];
}

export async function startScriptedPolicyServer(
  options: { latencyMs?: number } = {},
): Promise<ScriptedPolicyServer> {
  const scripts: Script[] = [];
  const addScript = (script: Script): void => {
    scripts.push(ScriptSchema.parse(script));
  };
  const clearScripts = (match?: string): void => {
    const kept = match === undefined ? [] : scripts.filter((s) => s.match !== match);
    scripts.splice(0, scripts.length, ...kept);
  };
  const requestSummaries = (filter: PolicyRequestFilter = {}): PolicyRequestSummary[] =>
    server.requests
      .filter((r) => !isControlPath(r.path))
      .map(summarise)
      .filter(matching(filter));

  const route = (request: RecordedRequest): ScriptedRouteAnswer | undefined => {
    const url = new URL(request.path, "http://scripted-policy");
    if (url.pathname === "/__scripts" && request.method === "POST") {
      const parsed = ScriptSchema.safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error);
      scripts.push(parsed.data);
      return { status: 201, body: { scripts: scripts.length } };
    }
    if (url.pathname === "/__scripts" && request.method === "DELETE") {
      clearScripts(url.searchParams.get("match") ?? undefined);
      return { status: 200, body: { scripts: scripts.length } };
    }
    const filter = filterFrom(url.searchParams);
    if (url.pathname === "/__requests" && request.method === "GET") {
      return { status: 200, body: { requests: requestSummaries(filter) } };
    }
    if (url.pathname === "/__requests" && request.method === "DELETE") {
      const drop = matching(filter);
      const kept = server.requests.filter((r) => isControlPath(r.path) || !drop(summarise(r)));
      server.requests.splice(0, server.requests.length, ...kept);
      return { status: 200, body: { requests: requestSummaries().length } };
    }
    return undefined;
  };

  const server = await startScriptedOpenAiServer({
    respond: (body) => policyAnswer(body, scripts),
    route,
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
  });
  return Object.assign(server, { addScript, clearScripts, requestSummaries });
}

/** The answer to one completion request, from its body and the registered scripts alone. */
function policyAnswer(body: unknown, scripts: readonly Script[]): ScriptedResponse {
  const parsed = ChatCompletionRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "/"}: ${i.message}`);
    return badRequest(`Invalid chat completion request: ${issues.join("; ")}`);
  }
  const request = parsed.data;
  const problem = unansweredToolCalls(request.messages);
  if (problem !== null) return badRequest(problem);

  const turn = request.messages.filter((m) => m.role === "assistant").length;
  const separator = request.model.indexOf(":");
  const kind = separator < 0 ? request.model : request.model.slice(0, separator);
  const arg = separator < 0 ? "" : request.model.slice(separator + 1);
  const firstTurnOnly = (response: ScriptedResponse): ScriptedResponse =>
    turn === 0 ? response : done();

  switch (kind) {
    case SCRIPTED_MODEL:
      return scriptedTurn(request, scripts, turn);
    case "final":
      return { kind: "answer", content: arg };
    case "loop":
      return arg === "" ? badModel(request.model) : toolCalls(turn, [{ name: arg, arguments: {} }]);
    case "slow-loop": {
      const [ms = "", tool = ""] = arg.split(":");
      const delayMs = wholeNumber(ms);
      if (delayMs === null || tool === "") return badModel(request.model);
      return { kind: "slow", delayMs, response: toolCalls(turn, [{ name: tool, arguments: {} }]) };
    }
    case "unknown-tool":
      return firstTurnOnly(toolCalls(turn, [{ name: "no_such_tool", arguments: {} }]));
    case "bad-args":
      if (arg === "") return badModel(request.model);
      return firstTurnOnly(toolCalls(turn, [{ name: arg, arguments: "{not json" }]));
    case "parallel": {
      const names = arg.split(",").map((name) => name.trim());
      if (names.some((name) => name === "")) return badModel(request.model);
      return firstTurnOnly(
        toolCalls(
          turn,
          names.map((name) => ({ name, arguments: {} })),
        ),
      );
    }
    case "status": {
      const status = wholeNumber(arg);
      if (status === null || status < 400 || status > 599) return badModel(request.model);
      const retryNow = status === 429 || status === 503;
      return { kind: "status", status, ...(retryNow ? { headers: { "retry-after": "0" } } : {}) };
    }
    case "malformed":
      return { kind: "raw", body: '{"id": "chatcmpl-cut", "choices": [{"message": {"role": "as' };
    case "slow": {
      const delayMs = wholeNumber(arg);
      return delayMs === null
        ? badModel(request.model)
        : { kind: "slow", delayMs, response: done() };
    }
    case "huge": {
      const chars = wholeNumber(arg);
      if (chars === null || chars > MAX_HUGE_CHARS) return badModel(request.model);
      return { kind: "answer", content: "x".repeat(chars) };
    }
    case "echo-tools":
      return done();
    default:
      return {
        kind: "status",
        status: 404,
        message: `The model '${request.model}' does not exist on the scripted policy server.`,
      };
  }
}

function scriptedTurn(
  request: ChatCompletionRequest,
  scripts: readonly Script[],
  turn: number,
): ScriptedResponse {
  const user = firstUserText(request);
  // The latest registration wins, so a test can replace a script by registering it again.
  const script = scripts.findLast((s) => user.includes(s.match));
  const step = script?.turns[turn];
  if (step === undefined) return done();
  if (step.toolCalls !== undefined && step.toolCalls.length > 0) {
    return { ...toolCalls(turn, step.toolCalls), content: step.content ?? null };
  }
  return { kind: "answer", content: step.content ?? "" };
}

/** Calls with ids unique across the conversation (`call_<turn>_<i>`), as a real server gives. */
function toolCalls(
  turn: number,
  calls: readonly { name: string; arguments: string | Record<string, unknown> }[],
): Extract<ScriptedResponse, { kind: "tool_calls" }> {
  const scripted: ScriptedToolCall[] = calls.map((call, i) => ({
    id: `call_${turn}_${i}`,
    name: call.name,
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
  }));
  return { kind: "tool_calls", calls: scripted, content: null };
}

/**
 * What OpenAI itself refuses: a `tool` message that answers no call of the assistant turn just
 * before it (or answers one twice), and an assistant turn whose calls are not all answered before
 * the next message. An agent loop that loses or invents tool results fails loudly here.
 */
function unansweredToolCalls(messages: ChatCompletionRequest["messages"]): string | null {
  let open = new Set<string>();
  for (const [i, message] of messages.entries()) {
    if (message.role === "tool") {
      if (!open.delete(message.tool_call_id)) {
        return `messages[${i}]: a 'tool' message must answer a tool_call_id of the preceding assistant message ('${message.tool_call_id}' does not).`;
      }
      continue;
    }
    if (open.size > 0) return missingAnswers(i, open);
    open = new Set(message.role === "assistant" ? (message.tool_calls ?? []).map((c) => c.id) : []);
  }
  return open.size > 0 ? missingAnswers(messages.length, open) : null;
}

function missingAnswers(index: number, open: ReadonlySet<string>): string {
  return `messages[${index}]: an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id' (missing: ${[...open].join(", ")}).`;
}

function summarise(request: RecordedRequest): PolicyRequestSummary {
  const body = isRecord(request.body) ? request.body : {};
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const firstUser = messages.find((m) => isRecord(m) && m.role === "user");
  const sampling = Object.fromEntries(
    ["temperature", "top_p", "max_tokens", "seed", "stop"].flatMap((key) =>
      key in body ? [[key, body[key]]] : [],
    ),
  );
  return {
    method: request.method,
    path: request.path,
    model: typeof body.model === "string" ? body.model : null,
    messages: messages.length,
    tools: tools.flatMap((t) =>
      isRecord(t) && isRecord(t.function) && typeof t.function.name === "string"
        ? [t.function.name]
        : [],
    ),
    user:
      isRecord(firstUser) && typeof firstUser.content === "string"
        ? firstUser.content.slice(0, 200)
        : "",
    sampling,
    authorization: request.authorization ?? null,
  };
}

function matching(filter: PolicyRequestFilter): (summary: PolicyRequestSummary) => boolean {
  return (summary) =>
    (filter.model === undefined || summary.model === filter.model) &&
    (filter.user === undefined || summary.user.includes(filter.user));
}

function filterFrom(params: URLSearchParams): PolicyRequestFilter {
  const model = params.get("model");
  const user = params.get("user");
  return { ...(model === null ? {} : { model }), ...(user === null ? {} : { user }) };
}

function firstUserText(request: ChatCompletionRequest): string {
  const message = request.messages.find((m) => m.role === "user");
  return message?.role === "user" ? message.content : "";
}

const done = (): ScriptedResponse => ({ kind: "answer", content: FINAL_ANSWER });

const badRequest = (message: string): ScriptedResponse => ({
  kind: "status",
  status: 400,
  message,
});

const badModel = (model: string): ScriptedResponse =>
  badRequest(`The model name '${model}' is not one the scripted policy server understands.`);

function invalid(error: z.ZodError): ScriptedRouteAnswer {
  const issues = error.issues.map((i) => `${i.path.join(".") || "/"}: ${i.message}`);
  return { status: 400, body: { error: { message: "Not a script.", issues } } };
}

function isControlPath(path: string): boolean {
  return path.startsWith("/__");
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
