// The floor: a bare Node `http` server that runs a catalog tool in-process over better-sqlite3
// (floor-tool.ts). Run as a child of the benchmark (floor-process.ts): it listens on a free
// loopback port, reports it over IPC, and exits when its parent goes away.
//   argv: <spec.json> <database.sqlite>
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { loadNodeTools, ToolFailure } from "./floor-tool";

const [specPath, databasePath] = process.argv.slice(2);
if (specPath === undefined || databasePath === undefined || process.send === undefined) {
  console.error("usage: a child of bench/run.ts, with <spec.json> <database.sqlite>");
  process.exit(2);
}
const tools = loadNodeTools(specPath, databasePath);
const TOOL_PATH = /^\/tools\/([\w-]+)$/;

const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/health") return reply(res, 200, { ok: true });
  const match = req.method === "POST" ? TOOL_PATH.exec(req.url ?? "") : null;
  const tool = match?.[1];
  if (tool === undefined || !tools.has(tool)) return reply(res, 404, { error: "not_found" });
  readBody(req).then(
    (text) => answer(res, tool, text),
    () => reply(res, 400, { error: "bad_body" }),
  );
});

async function answer(res: ServerResponse, tool: string, text: string): Promise<void> {
  let args: unknown;
  try {
    args = JSON.parse(text);
  } catch {
    return reply(res, 400, { error: "bad_json" });
  }
  try {
    const started = performance.now();
    const result = await tools.call(tool, args);
    reply(res, 200, { ok: true, result, durationMs: performance.now() - started });
  } catch (err) {
    if (err instanceof ToolFailure) {
      reply(res, 200, { ok: false, error: { code: err.code, message: err.message } });
    } else {
      reply(res, 500, { ok: false, error: { code: "runtime_error", message: String(err) } });
    }
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(json),
  });
  res.end(json);
}

// The load generator holds connections open; keep them as long as it does.
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  process.send?.({ port: address.port });
});
process.on("disconnect", () => process.exit(0));
