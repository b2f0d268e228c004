// A real HTTP server speaking the OpenAI Chat Completions protocol with scripted answers: the test
// double for every LLM step (discovery, and rollouts through test/support/scripted-policy.ts). It
// answers from a queue or from a `respond` function of the request, records each request, and can
// play tool calls, a rate limit, a server error, a slow server or a malformed body.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptedResponse =
  /** A normal completion whose assistant message is `content`. */
  | { kind: "answer"; content: string; usage?: ScriptedUsage }
  /**
   * An assistant turn that calls tools (finish_reason "tool_calls"). Sent as written: a call
   * without `id` goes without one, an object `arguments` goes as an object (as some servers do).
   */
  | {
      kind: "tool_calls";
      calls: ScriptedToolCall[];
      content?: string | null;
      usage?: ScriptedUsage;
    }
  /** An error status with an OpenAI-style error body, e.g. 429 with `Retry-After`. */
  | { kind: "status"; status: number; message?: string; headers?: Record<string, string> }
  /** Waits `delayMs` before answering with `response` (or never answering within a short timeout). */
  | { kind: "slow"; delayMs: number; response: ScriptedResponse }
  /** Any body, as is: malformed JSON, HTML, a wrong shape. */
  | { kind: "raw"; status?: number; body: string; contentType?: string };

export interface ScriptedUsage {
  prompt: number;
  completion: number;
}

export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

/** An answer to a request that is not a chat completion (the scripted policy's control routes). */
export interface ScriptedRouteAnswer {
  status: number;
  body: unknown;
}

export interface ScriptedOpenAiServerOptions {
  /**
   * Asked first for every `POST /v1/chat/completions`, with the parsed body (`undefined` when it
   * is not JSON) and the 0-based number of completion requests before it; `undefined` falls back
   * to the queue.
   */
  respond?: (body: unknown, requestIndex: number) => ScriptedResponse | undefined;
  /** Every completion answer waits this long first (a model's fixed latency, for benchmarks). */
  latencyMs?: number;
  /** Any other request: answered with what it returns, or a 404 when it returns `undefined`. */
  route?: (request: RecordedRequest) => ScriptedRouteAnswer | undefined;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The parsed JSON body (`undefined` when it was not JSON). */
  body: unknown;
}

export interface ScriptedOpenAiServer {
  /** The base URL to configure, e.g. `http://127.0.0.1:40123/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Adds responses to the end of the queue; once it is empty every request gets a 500. */
  enqueue(...responses: ScriptedResponse[]): void;
  /** The user/system text of request `i`, joined, for asserting what a prompt contained. */
  promptText(i: number): string;
  close(): Promise<void>;
}

export const answer = (content: string): ScriptedResponse => ({ kind: "answer", content });

export async function startScriptedOpenAiServer(
  options: ScriptedOpenAiServerOptions = {},
): Promise<ScriptedOpenAiServer> {
  const queue: ScriptedResponse[] = [];
  const requests: RecordedRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let completions = 0;
  let completionRequests = 0;

  const completion = (
    res: ServerResponse,
    model: string,
    message: Record<string, unknown>,
    finishReason: string,
    usage: ScriptedUsage | undefined,
  ): void => {
    completions++;
    const prompt = usage?.prompt ?? 100;
    const completionTokens = usage?.completion ?? 50;
    sendJson(res, 200, {
      id: `chatcmpl-${completions}`,
      object: "chat.completion",
      created: 1_700_000_000,
      model,
      choices: [
        { index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason },
      ],
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completionTokens,
        total_tokens: prompt + completionTokens,
      },
    });
  };

  const later = (delayMs: number, res: ServerResponse, then: () => void): void => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!res.destroyed) then();
    }, delayMs);
    pending.add(timer);
  };

  const respond = (res: ServerResponse, scripted: ScriptedResponse, model: string): void => {
    switch (scripted.kind) {
      case "answer":
        completion(res, model, { content: scripted.content }, "stop", scripted.usage);
        return;
      case "tool_calls": {
        const toolCalls = scripted.calls.map((call) => ({
          ...(call.id === undefined ? {} : { id: call.id }),
          type: "function",
          function: { name: call.name, arguments: call.arguments },
        }));
        const message = { content: scripted.content ?? null, tool_calls: toolCalls };
        completion(res, model, message, "tool_calls", scripted.usage);
        return;
      }
      case "status":
        sendJson(
          res,
          scripted.status,
          {
            error: { message: scripted.message ?? `scripted ${scripted.status}`, type: "scripted" },
          },
          scripted.headers,
        );
        return;
      case "slow":
        later(scripted.delayMs, res, () => respond(res, scripted.response, model));
        return;
      case "raw":
        res.writeHead(scripted.status ?? 200, {
          "content-type": scripted.contentType ?? "application/json",
        });
        res.end(scripted.body);
        return;
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = parseJson(text);
      const request: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization,
        body,
      };
      requests.push(request);
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        const routed = options.route?.(request);
        if (routed) sendJson(res, routed.status, routed.body);
        else sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
        return;
      }
      const next = options.respond?.(body, completionRequests++) ?? queue.shift();
      const model = modelOf(body);
      const reply = (): void => {
        if (next) respond(res, next, model);
        else sendJson(res, 500, { error: { message: "the scripted server has no response left" } });
      };
      const latencyMs = options.latencyMs ?? 0;
      if (latencyMs > 0) later(latencyMs, res, reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...responses) => {
      queue.push(...responses);
    },
    promptText(i) {
      const body = requests[i]?.body;
      if (!isRecord(body) || !Array.isArray(body.messages)) return "";
      return body.messages
        .map((m: unknown) => (isRecord(m) && typeof m.content === "string" ? m.content : ""))
        .join("\n");
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function modelOf(body: unknown): string {
  return isRecord(body) && typeof body.model === "string" ? body.model : "scripted";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
