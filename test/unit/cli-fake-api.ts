// A small stand-in for the Agent World API in CLI tests: a real node:http server on 127.0.0.1
// that records each request and answers from a route table, at once, late or never. (The real API
// runs in workerd.)

import { mkdtempSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CliEnvironment, runCli } from "../../cli/run-cli";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status: number;
  json?: unknown;
  text?: string;
  /** Answer only after this long (a busy platform). */
  delayMs?: number;
  /** Never answer (the socket is closed with the server): a platform that stopped answering. */
  hang?: boolean;
}

/** `"GET /v1/environments"` -> reply (or a function of the request). */
export type Routes = Record<string, Reply | ((req: RecordedRequest) => Reply)>;

export interface FakeApi {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeApi(routes: Routes): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = Buffer.concat(chunks).toString("utf8");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text === "" ? undefined : JSON.parse(text),
      };
      requests.push(recorded);
      const route = routes[`${recorded.method} ${recorded.path}`];
      const reply: Reply =
        route === undefined
          ? {
              status: 404,
              json: {
                error: {
                  code: "not_found",
                  message: `No route for ${recorded.method} ${recorded.path}.`,
                },
              },
            }
          : typeof route === "function"
            ? route(recorded)
            : route;
      if (reply.hang) return;
      const answer = () => {
        if (res.destroyed) return;
        if (reply.json !== undefined) {
          res.writeHead(reply.status, { "content-type": "application/json" });
          res.end(JSON.stringify(reply.json));
        } else {
          res.writeHead(reply.status, { "content-type": "text/html" });
          res.end(reply.text ?? "");
        }
      };
      if (reply.delayMs === undefined) answer();
      else timers.add(setTimeout(answer, reply.delayMs));
    });
  });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with collected output. `root` defaults to an empty directory. */
export async function cli(
  argv: string[],
  env: Record<string, string | undefined>,
  options: Partial<Pick<CliEnvironment, "root">> = {},
): Promise<CliRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(argv, {
    env,
    root: options.root ?? emptyDir(),
    out: { print: (text) => stdout.push(text), error: (text) => stderr.push(text) },
  });
  return { code, stdout: stdout.join("\n"), stderr: stderr.join("\n") };
}

export function emptyDir(): string {
  return mkdtempSync(join(tmpdir(), "aw-cli-test-"));
}
