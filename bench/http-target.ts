// The load generator's HTTP client: node:http with one keep-alive agent per server, bodies
// prepared once, answers read as text (parsing JSON is left to the caller, outside the timed part).
// Cheaper per request than `fetch` (undici), so the client is not what is being measured.
import { Agent, request } from "node:http";

export interface HttpAnswer {
  status: number;
  body: string;
}

export interface HttpTarget {
  readonly baseUrl: string;
  send(method: string, path: string, body?: string): Promise<HttpAnswer>;
  close(): void;
}

export interface TargetOptions {
  /** Sent with every request, e.g. `Authorization`. */
  headers?: Record<string, string>;
  /** Sockets kept open (at least the highest concurrency used). */
  maxSockets?: number;
  /** A request with no answer after this long fails (and its socket is dropped). */
  timeoutMs?: number;
}

export function httpTarget(baseUrl: string, options: TargetOptions = {}): HttpTarget {
  const url = new URL(baseUrl);
  if (url.hostname !== "127.0.0.1")
    throw new Error(`benchmarks only talk to 127.0.0.1, not ${url.hostname}`);
  const port = Number(url.port);
  const maxSockets = options.maxSockets ?? 64;
  const agent = new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const common = { ...options.headers, accept: "application/json" };

  const send = (method: string, path: string, body?: string): Promise<HttpAnswer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...common };
      if (body !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(body);
      }
      const req = request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on("error", reject);
      req.end(body);
    });

  return { baseUrl, send, close: () => agent.destroy() };
}
