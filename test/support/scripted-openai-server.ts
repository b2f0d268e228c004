// A real HTTP server speaking the OpenAI Chat Completions protocol with scripted answers: the test
// double for every LLM step (discovery now, rollouts later). It answers from a queue, records each
// request, and can play a rate limit, a server error, a slow server or a malformed body.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptedResponse =
  /** A normal completion whose assistant message is `content`. */
  | { kind: "answer"; content: string; usage?: { prompt: number; completion: number } }
  /** An error status with an OpenAI-style error body, e.g. 429 with `Retry-After`. */
  | { kind: "status"; status: number; message?: string; headers?: Record<string, string> }
  /** Waits `delayMs` before answering with `response` (or never answering within a short timeout). */
  | { kind: "slow"; delayMs: number; response: ScriptedResponse }
  /** Any body, as is: malformed JSON, HTML, a wrong shape. */
  | { kind: "raw"; status?: number; body: string; contentType?: string };

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

export async function startScriptedOpenAiServer(): Promise<ScriptedOpenAiServer> {
  const queue: ScriptedResponse[] = [];
  const requests: RecordedRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();
  let completions = 0;

  const respond = (res: ServerResponse, scripted: ScriptedResponse, model: string): void => {
    switch (scripted.kind) {
      case "answer": {
        completions++;
        const prompt = scripted.usage?.prompt ?? 100;
        const completion = scripted.usage?.completion ?? 50;
        sendJson(res, 200, {
          id: `chatcmpl-${completions}`,
          object: "chat.completion",
          created: 1_700_000_000,
          model,
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: scripted.content },
              finish_reason: "stop",
            },
          ],
          usage: {
            prompt_tokens: prompt,
            completion_tokens: completion,
            total_tokens: prompt + completion,
          },
        });
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
      case "slow": {
        const timer = setTimeout(() => {
          pending.delete(timer);
          if (!res.destroyed) respond(res, scripted.response, model);
        }, scripted.delayMs);
        pending.add(timer);
        return;
      }
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
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization,
        body,
      });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
        return;
      }
      const next = queue.shift();
      const model = modelOf(body);
      if (!next) {
        sendJson(res, 500, { error: { message: "the scripted server has no response left" } });
        return;
      }
      respond(res, next, model);
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
