// The utilities surface (core/surfaces/everything-utility/surface.ts): on the reference "everything"
// server every tool but the task-based one is implemented and admitted in the QuickJS sandbox; the
// tools behave like the real server's when called one after another on a loaded episode database;
// look-alike tools of another server are recognised; the other specs' tools are not claimed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { crc32, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import type { Json } from "../../core/base/json";
import { validateArguments } from "../../core/base/json-schema/validate-arguments";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { toToolError } from "../../core/episode/run-tool-call";
import type { ToolError } from "../../core/episode/tool-call";
import { importMcpSpec, type McpImport } from "../../core/mcp/import/spec-import";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { GZIP_MAX_BYTES } from "../../core/surfaces/everything-utility/gzip";
import { interpolatesArguments, loadDatabase } from "../support/database-harness";
import { admitImport, failingTests } from "../support/mcp-admission";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const specs = new URL("../../catalog/mcp/specs/", import.meta.url);
const everythingText = readFileSync(new URL("everything.json", specs), "utf8");
const everything = JSON.parse(everythingText) as {
  tools: { name: string; inputSchema: Json; outputSchema?: Json }[];
};

type Outcome = { ok: true; result: Json } | { ok: false; error: ToolError };

/** An episode of an import: tools called one after another on one database, like an agent would. */
async function openEpisode(imported: McpImport) {
  const db: BetterSqliteDatabase = loadDatabase(imported.schemaSql, imported.seed);
  const require = createRequire(import.meta.url);
  const executor = createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
  const sandbox: ToolSandbox = await executor.load(imported.tools);
  let step = 0;
  const fuel: number[] = [];
  return {
    db,
    /** Fuel each call burned, in order. */
    fuel,
    /** Validates like the runtime, runs the call in a transaction, keeps its writes only on success. */
    call(tool: string, args: Record<string, Json> = {}): Outcome {
      const spec = imported.tools.find((t) => t.name === tool);
      if (!spec) throw new Error(`no tool ${tool}`);
      const verdict = validateArguments(spec.inputSchema, args);
      if (!verdict.valid) return { ok: false, error: { code: "invalid_arguments", message: "" } };
      let outcome: Outcome = { ok: true, result: null };
      const undo = new Error("undo");
      try {
        db.transaction(() => {
          const host = createSeededHost(db, `call-${step++}`, DEFAULT_CLOCK_START);
          const ran = sandbox.call(tool, args, host);
          fuel.push(ran.fuel);
          outcome = ran.ok
            ? { ok: true, result: ran.result }
            : { ok: false, error: toToolError(ran.error) };
          if (!ran.ok) throw undo;
        });
      } catch (err) {
        if (err !== undo) throw err;
      }
      return outcome;
    },
    rows(table: string): Record<string, unknown>[] {
      return db.raw.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all() as Record<
        string,
        unknown
      >[];
    },
    close() {
      sandbox.dispose();
      db.raw.close();
    },
  };
}

function ok(outcome: Outcome): Json {
  if (!outcome.ok) throw new Error(`call failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.result;
}

function errorCode(outcome: Outcome): string | undefined {
  return outcome.ok ? undefined : outcome.error.code;
}

/** The content blocks of a CallToolResult. */
function content(result: Json): { type: string; [key: string]: Json }[] {
  const blocks = (result as { content?: unknown }).content;
  if (!Array.isArray(blocks)) throw new Error("no content array");
  return blocks as { type: string; [key: string]: Json }[];
}

function firstText(result: Json): string {
  const block = content(result).find((b) => b.type === "text");
  return typeof block?.text === "string" ? block.text : "";
}

function dataUri(bytes: Uint8Array, mediaType = "text/plain"): string {
  return `data:${mediaType};base64,${Buffer.from(bytes).toString("base64")}`;
}

describe("the utilities surface on the everything server", () => {
  const imported = importMcpSpec(everythingText);

  it("implements every tool but the task-based research query, and admits each", async () => {
    const { report, tools } = imported;
    expect(report.implemented.map((t) => t.original)).toEqual(
      everything.tools.map((t) => t.name).filter((n) => n !== "simulate-research-query"),
    );
    expect(report.implemented.every((t) => t.surface === "utilities")).toBe(true);
    expect(report.leftOut).toEqual([
      expect.objectContaining({
        tool: "simulate-research-query",
        reason: expect.stringMatching(/MCP task.*tasks\/result.*elicitation/),
      }),
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(12);
    for (const tool of tools) {
      const original = everything.tools.find(
        (t) => t.name === report.implemented.find((i) => i.tool === tool.name)?.original,
      );
      expect(tool.inputSchema).toEqual(original?.inputSchema);
      expect(interpolatesArguments(tool.implementation)).toBe(false);
      expect(tool.outputSchema).toBeUndefined();
    }
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(everythingText))).toBe(JSON.stringify(imported));
  });

  it("brings its tables with utility_ names and a realistic seed", () => {
    const tables = Object.fromEntries(imported.report.tables.map((t) => [t.name, t.rows]));
    expect(tables).toEqual({
      utility_env_var: 6,
      utility_resource: 200,
      utility_location_lookup: 3,
      utility_session_resource: 0,
      utility_setting: 2,
    });
  });
});

describe("the everything tools, called in the sandbox", () => {
  let episode: Awaited<ReturnType<typeof openEpisode>>;
  beforeAll(async () => {
    episode = await openEpisode(importMcpSpec(everythingText));
  });
  afterAll(() => episode.close());

  it("echoes the message as the reference server does", () => {
    expect(ok(episode.call("echo", { message: "hi there" }))).toEqual({
      content: [{ type: "text", text: "Echo: hi there" }],
    });
  });

  it("sums decimals and negatives with JavaScript's number text", () => {
    const sum = (a: number, b: number) => firstText(ok(episode.call("get_sum", { a, b })));
    expect(sum(0.1, 0.2)).toBe("The sum of 0.1 and 0.2 is 0.30000000000000004.");
    expect(sum(-7.5, 3.25)).toBe("The sum of -7.5 and 3.25 is -4.25.");
    expect(sum(-1e21, 1)).toBe("The sum of -1e+21 and 1 is -1e+21.");
    expect(errorCode(episode.call("get_sum", { a: 1 }))).toBe("invalid_arguments");
  });

  it("toggles a setting on and back off, changing one row each time", () => {
    const before = episode.rows("utility_setting");
    expect(before.map((r) => r.enabled)).toEqual([0, 0]);
    const first = firstText(ok(episode.call("toggle_simulated_logging")));
    expect(first).toMatch(
      /^Started simulated, random-leveled logging for session [0-9a-f-]{36} at/,
    );
    const middle = episode.rows("utility_setting");
    const changed = middle.filter((r, i) => JSON.stringify(r) !== JSON.stringify(before[i]));
    expect(changed).toEqual([
      expect.objectContaining({ setting: "simulated-logging", enabled: 1 }),
    ]);
    const second = firstText(ok(episode.call("toggle_simulated_logging")));
    expect(second).toMatch(/^Stopped simulated logging for session [0-9a-f-]{36}$/);
    const after = episode.rows("utility_setting");
    expect(after.filter((r, i) => JSON.stringify(r) !== JSON.stringify(middle[i]))).toHaveLength(1);
    expect(after.map((r) => r.enabled)).toEqual(before.map((r) => r.enabled));
    expect(after[1]).toEqual(before[1]);
  });

  it("lists a realistic environment with no secrets, as indented JSON text", () => {
    const text = firstText(ok(episode.call("get_env")));
    const env = JSON.parse(text) as Record<string, string>;
    expect(Object.keys(env)).toEqual(["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"]);
    expect(env.HOME).toBe(`/home/${env.USER}`);
    expect(text).toBe(JSON.stringify(env, null, 2));
    expect(Object.keys(env).some((k) => /KEY|TOKEN|SECRET|PASSWORD/.test(k))).toBe(false);
  });

  it("references even ids as text, odd ids as blobs, and refuses missing or invalid ids", () => {
    const text = content(ok(episode.call("get_resource_reference", { resourceId: 2 })));
    expect(text[0]).toEqual({ type: "text", text: "Returning resource reference for Resource 2:" });
    expect(text[1]).toEqual({
      type: "resource",
      resource: {
        uri: "demo://resource/dynamic/text/2",
        mimeType: "text/plain",
        text: expect.stringMatching(
          /^Resource 2: This is a plaintext resource created at \d{1,2}:\d\d:\d\d [AP]M$/,
        ),
      },
    });
    const blob = content(
      ok(episode.call("get_resource_reference", { resourceType: "Blob", resourceId: 3 })),
    );
    const resource = blob[1]?.resource as { uri: string; blob: string };
    expect(resource.uri).toBe("demo://resource/dynamic/blob/3");
    expect(Buffer.from(resource.blob, "base64").toString("utf8")).toMatch(
      /^Resource 3: This is a base64 blob created at /,
    );
    expect(blob[2]).toEqual({
      type: "text",
      text: "You can access this resource using the URI: demo://resource/dynamic/blob/3",
    });
    expect(errorCode(episode.call("get_resource_reference", { resourceId: 101 }))).toBe(
      "not_found",
    );
    expect(errorCode(episode.call("get_resource_reference", { resourceId: 0 }))).toBe(
      "invalid_argument",
    );
    expect(errorCode(episode.call("get_resource_reference", { resourceId: 1.5 }))).toBe(
      "invalid_argument",
    );
    expect(errorCode(episode.call("get_resource_reference", { resourceType: "Image" }))).toBe(
      "invalid_arguments",
    );
  });

  it("links between 1 and 10 resources, blobs at odd ids and text at even ones", () => {
    const links = (count?: number) =>
      content(ok(episode.call("get_resource_links", count === undefined ? {} : { count })));
    expect(links()).toHaveLength(4);
    expect(links(1)).toEqual([
      { type: "text", text: "Here are 1 resource links to resources available in this server:" },
      {
        type: "resource_link",
        uri: "demo://resource/dynamic/blob/1",
        name: "Blob Resource 1",
        description: "Resource 1: plaintext resource",
        mimeType: "text/plain",
      },
    ]);
    const ten = links(10).slice(1);
    expect(ten.map((l) => l.uri)).toEqual(
      Array.from(
        { length: 10 },
        (_, i) => `demo://resource/dynamic/${i % 2 === 0 ? "blob" : "text"}/${i + 1}`,
      ),
    );
    expect(errorCode(episode.call("get_resource_links", { count: 11 }))).toBe("invalid_arguments");
    expect(errorCode(episode.call("get_resource_links", { count: 0 }))).toBe("invalid_arguments");
  });

  it("answers the reference server's weather with structured content fitting its outputSchema", () => {
    const schema = everything.tools.find((t) => t.name === "get-structured-content")?.outputSchema;
    const result = ok(episode.call("get_structured_content", { location: "Chicago" })) as {
      structuredContent: Json;
    };
    expect(result.structuredContent).toEqual({
      temperature: 36,
      conditions: "Light rain / drizzle",
      humidity: 82,
    });
    expect(JSON.parse(firstText(result))).toEqual(result.structuredContent);
    expect(validateArguments(schema as object, result.structuredContent)).toEqual({ valid: true });
    expect(errorCode(episode.call("get_structured_content", { location: "Boston" }))).toBe(
      "invalid_arguments",
    );
  });

  it("returns a valid tiny PNG, also inside annotated messages", () => {
    const blocks = content(ok(episode.call("get_tiny_image")));
    expect(blocks.map((b) => b.type)).toEqual(["text", "image", "text"]);
    const image = { data: String(blocks[1]?.data), mimeType: blocks[1]?.mimeType };
    expect(image.mimeType).toBe("image/png");
    const png = Buffer.from(image.data, "base64");
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(png.readUInt32BE(16)).toBe(16);
    expect(png.readUInt32BE(20)).toBe(16);
    let at = 8;
    const idat: Buffer[] = [];
    while (at < png.length) {
      const length = png.readUInt32BE(at);
      const typed = png.subarray(at + 4, at + 8 + length);
      expect(crc32(typed)).toBe(png.readUInt32BE(at + 8 + length));
      if (typed.subarray(0, 4).toString() === "IDAT") idat.push(typed.subarray(4));
      at += 12 + length;
    }
    expect(inflateSync(Buffer.concat(idat))).toHaveLength(16 * (1 + 16 * 4));
    const annotated = content(
      ok(episode.call("get_annotated_message", { messageType: "error", includeImage: true })),
    );
    expect(annotated).toEqual([
      {
        type: "text",
        text: "Error: Operation failed",
        annotations: { priority: 1, audience: ["user", "assistant"] },
      },
      {
        type: "image",
        data: image.data,
        mimeType: "image/png",
        annotations: { priority: 0.5, audience: ["user"] },
      },
    ]);
  });

  it("completes a long-running operation at once and records its progress steps", () => {
    const result = ok(
      episode.call("trigger_long_running_operation", { duration: 30, steps: 3 }),
    ) as {
      _meta: { progressNotifications: Json[] };
    };
    expect(firstText(result)).toBe(
      "Long running operation completed. Duration: 30 seconds, Steps: 3.",
    );
    expect(result._meta.progressNotifications).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
    expect(errorCode(episode.call("trigger_long_running_operation", { steps: 5000 }))).toBe(
      "invalid_argument",
    );
  });

  it("gzips data URIs into bytes gunzip reads back, and keeps one session resource per name", () => {
    const gzip = (data: string, name: string) => {
      const result = ok(
        episode.call("gzip_file_as_resource", { data, name, outputType: "resource" }),
      );
      const resource = content(result)[0]?.resource as {
        uri: string;
        mimeType: string;
        blob: string;
      };
      expect(resource.uri).toBe(`demo://resource/session/${name}`);
      expect(resource.mimeType).toBe("application/gzip");
      return gunzipSync(Buffer.from(resource.blob, "base64"));
    };
    const text = new TextEncoder().encode("# Notes\n\nÜnïcödé and emoji 🚀\n");
    expect(gzip(dataUri(text), "notes.md.gz")).toEqual(Buffer.from(text));
    expect(gzip("data:text/plain,a%20b%2Cc%F0%9F%9A%80%c3%bc!", "pct.gz").toString()).toBe(
      "a b,c🚀ü!",
    );
    expect(gzip("data:,", "empty.gz")).toHaveLength(0);
    const big = new Uint8Array(150_000).map((_, i) => (i * 7919) % 251);
    expect(gzip(dataUri(big, "application/octet-stream"), "big.bin.gz")).toEqual(Buffer.from(big));
    const most = new Uint8Array(GZIP_MAX_BYTES).map((_, i) => (i * 31) % 256);
    expect(gzip(dataUri(most, "application/octet-stream"), "most.bin.gz")).toEqual(
      Buffer.from(most),
    );
    // The largest input stays well inside the default 2,000 ticks of fuel (about 900 today).
    expect(episode.fuel.at(-1)).toBeLessThan(1500);
    expect(episode.rows("utility_session_resource")).toHaveLength(5);
    const link = content(
      ok(episode.call("gzip_file_as_resource", { data: "data:,again", name: "notes.md.gz" })),
    );
    expect(link).toEqual([
      {
        type: "resource_link",
        uri: "demo://resource/session/notes.md.gz",
        name: "notes.md.gz",
        mimeType: "application/gzip",
        description:
          "Gzip-compressed version of 'notes.md.gz', available for reading during the current session.",
      },
    ]);
    const rows = episode.rows("utility_session_resource");
    expect(rows).toHaveLength(5);
    const notes = rows.find((r) => r.name === "notes.md.gz") as {
      blob: string;
      source_size: number;
    };
    expect(gunzipSync(Buffer.from(notes.blob, "base64")).toString()).toBe("again");
    expect(notes.source_size).toBe(5);
  });

  it("refuses what it cannot gzip, writing nothing", () => {
    const code = (data?: string) =>
      errorCode(episode.call("gzip_file_as_resource", data === undefined ? {} : { data }));
    const before = episode.rows("utility_session_resource").length;
    expect(code()).toBe("network_unavailable");
    expect(code("https://example.com/README.md")).toBe("network_unavailable");
    expect(code("http://example.com/a.txt")).toBe("network_unavailable");
    expect(code("file:///etc/passwd")).toBe("invalid_argument");
    expect(code("data:text/plain;base64")).toBe("invalid_argument");
    expect(code("data:;base64,SGVsbG8=V29ybGQ")).toBe("invalid_argument");
    const tooBig = episode.call("gzip_file_as_resource", {
      data: dataUri(new Uint8Array(GZIP_MAX_BYTES + 1)),
    });
    expect(tooBig).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: "invalid_argument",
        message: expect.stringMatching(
          /^Error processing file data:text\/plain;base64,A{80}.*larger than 262144 bytes/,
        ),
      }),
    });
    expect(tooBig.ok ? "" : tooBig.error.message.length).toBeLessThan(300);
    expect(episode.rows("utility_session_resource")).toHaveLength(before);
  });
});

describe("the utilities surface on look-alike tools", () => {
  const tool = (
    name: string,
    description: string,
    properties: Record<string, Json>,
    required: string[] = [],
  ) => ({
    name,
    description,
    inputSchema: { type: "object", properties, required },
  });
  const spec = {
    serverInfo: { name: "acme-utils", version: "1.2.0" },
    tools: [
      tool("echo_text", "Echoes back the text you send", { text: { type: "string" } }, ["text"]),
      tool("multiply", "Multiplies two numbers", { x: { type: "number" }, y: { type: "number" } }, [
        "x",
        "y",
      ]),
      tool("toggle_dark_mode", "Toggles dark mode on or off.", {}),
      tool("print_env_vars", "Prints the environment variables of the server", {}),
      tool("toggle_issue_state", "Opens or closes an issue", { issue: { type: "integer" } }, [
        "issue",
      ]),
      tool("create_note", "Create a note", { title: { type: "string" } }, ["title"]),
      tool(
        "ask_user",
        "Asks the user a question through an elicitation request",
        { question: { type: "string" } },
        ["question"],
      ),
    ],
  };

  it("recognises them by what they do, and leaves the others to the entity path", async () => {
    const imported = importMcpSpec(spec);
    const utilities = imported.report.implemented.filter((t) => t.surface === "utilities");
    expect(utilities.map((t) => [t.tool, t.verb])).toEqual([
      ["echo_text", "echo"],
      ["multiply", "arithmetic"],
      ["toggle_dark_mode", "toggle"],
      ["print_env_vars", "environment"],
    ]);
    expect(imported.report.implemented.map((t) => t.tool)).toContain("create_note");
    expect(imported.report.leftOut.find((t) => t.tool === "ask_user")?.reason).toMatch(
      /elicitation/,
    );
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    const episode = await openEpisode(imported);
    try {
      expect(firstText(ok(episode.call("echo_text", { text: "ping" })))).toBe("Echo: ping");
      expect(firstText(ok(episode.call("multiply", { x: -2.5, y: 4 })))).toBe(
        "The product of -2.5 and 4 is -10.",
      );
      expect(firstText(ok(episode.call("toggle_dark_mode")))).toMatch(
        /^Started dark mode for session /,
      );
      expect(episode.rows("utility_setting")).toEqual([
        expect.objectContaining({ setting: "dark-mode", tool: "toggle_dark_mode", enabled: 1 }),
      ]);
    } finally {
      episode.close();
    }
  });

  it("claims no tool of the other shared specs", () => {
    const names = [
      "airtable",
      "atlassian-jira",
      "filesystem",
      "github",
      "gmail",
      "google-calendar",
      "hubspot",
      "kubernetes",
      "memory",
      "notion",
      "postgres",
      "slack",
      "sqlite-npx-chinook",
      "taskmanager",
    ];
    // postgres and sqlite-npx-chinook run SQL on a database they must be given (core/surfaces/sql/surface.ts).
    const database = {
      source: "two-rows@1.0.0",
      schemaSql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);",
      seed: {
        tables: {
          t: {
            columns: ["id", "name"],
            rows: [
              [1, "a"],
              [2, "b"],
            ],
          },
        },
      },
    };
    for (const name of names) {
      const text = readFileSync(new URL(`${name}.json`, specs), "utf8");
      const { report } = importMcpSpec(text, { database });
      const mine = report.implemented
        .filter((t) => t.surface === "utilities")
        .map((t) => t.original);
      const tables = report.tables.map((t) => t.name).filter((t) => t.startsWith("utility_"));
      const refused = report.leftOut.filter((t) => /no client/.test(t.reason)).map((t) => t.tool);
      expect({ name, mine, tables, refused }).toEqual({ name, mine: [], tables: [], refused: [] });
    }
  });
});
