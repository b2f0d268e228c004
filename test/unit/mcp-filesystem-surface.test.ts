// The filesystem surface on the real @modelcontextprotocol/server-filesystem spec: every tool is
// admitted in the QuickJS sandbox (with tests no stand-in passes), imports are byte-identical,
// and the tools behave like the real server on the loaded database, call after call.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import type { Json } from "../../core/base/json";
import type { ToolSpec } from "../../core/environment/spec";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import type { ExecutionOutcome, Executor } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost, type SeededHost } from "../../core/sandbox/seeded-host";
import { loadDatabase } from "../support/database-harness";
import { admitImport, failingTests } from "../support/mcp-admission";
import { vacuousImportTools } from "../support/mcp-episode";
import { wholeSurfaceProblems } from "../support/mcp-surface-checks";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const specText = readFileSync(
  new URL("../../catalog/mcp/specs/filesystem.json", import.meta.url),
  "utf8",
);
const spec = JSON.parse(specText) as {
  tools: { name: string; inputSchema: Json; outputSchema?: Json }[];
};
const imported = importMcpSpec(specText);

let executor: Executor;
beforeAll(() => {
  const require = createRequire(import.meta.url);
  executor = createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
});

interface Session {
  db: BetterSqliteDatabase;
  host: SeededHost;
  call(tool: string, args: Record<string, Json>): ExecutionOutcome;
  /** The `content` text of a successful call. */
  text(tool: string, args: Record<string, Json>): string;
  result(tool: string, args: Record<string, Json>): Json;
  /** The error code of a failed call. */
  error(tool: string, args: Record<string, Json>): string;
  rows(): number;
}

/** A fresh episode: the seeded database and every tool loaded, one transaction per call. */
async function session(tools: ToolSpec[] = imported.tools): Promise<Session> {
  const db = loadDatabase(imported.schemaSql, imported.seed);
  const sandbox = await executor.load(tools);
  const host = createSeededHost(db, "filesystem-session", DEFAULT_CLOCK_START);
  const failed = new Error("rolled back");
  const call = (tool: string, args: Record<string, Json>) => {
    host.clock.advance(1000);
    let outcome: ExecutionOutcome | undefined;
    try {
      db.transaction(() => {
        outcome = sandbox.call(tool, args, host);
        if (!outcome.ok) throw failed;
      });
    } catch (err) {
      if (err !== failed) throw err;
    }
    if (!outcome) throw new Error("no outcome");
    return outcome;
  };
  const result = (tool: string, args: Record<string, Json>): Json => {
    const outcome = call(tool, args);
    if (!outcome.ok) throw new Error(`${tool} failed: ${JSON.stringify(outcome.error)}`);
    return outcome.result;
  };
  return {
    db,
    host,
    call,
    result,
    text(tool, args) {
      const out = result(tool, args);
      if (typeof out !== "object" || out === null || Array.isArray(out))
        throw new Error("not an object");
      return String(out.content);
    },
    error(tool, args) {
      const outcome = call(tool, args);
      if (outcome.ok) throw new Error(`${tool} succeeded: ${JSON.stringify(outcome.result)}`);
      return outcome.error.kind === "tool_error" ? outcome.error.code : outcome.error.kind;
    },
    rows: () => Number(db.raw.prepare("SELECT COUNT(*) AS n FROM fs_entries").all()[0]?.n),
  };
}

describe("the filesystem spec", () => {
  it("implements all 14 tools with the server's names and schemas, and admits them", async () => {
    const { tools } = imported;
    expect(wholeSurfaceProblems(specText, imported, "filesystem")).toEqual([]);
    for (const original of spec.tools) {
      const tool = tools.find((t) => t.name === original.name);
      expect(tool?.outputSchema).toEqual(original.outputSchema);
    }
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(14);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds a repository with a real PNG and favicon under /projects", () => {
    const table = imported.seed.tables.fs_entries;
    const paths = table?.rows.map((r) => r[0]) ?? [];
    expect(paths).toContain("/projects/README.md");
    expect(paths).toContain("/projects/src/services/pricing.ts");
    expect(paths.length).toBeGreaterThan(40);
    const dataAt = table?.columns.indexOf("data") ?? -1;
    const png = table?.rows.find((r) => r[0] === "/projects/public/images/logo.png")?.[dataAt];
    const bytes = Buffer.from(typeof png === "object" && png !== null ? png.$base64 : "", "base64");
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.readUInt32BE(16)).toBe(32); // IHDR width
  });
});

describe("the filesystem tools, call after call", () => {
  it("write_file creates and overwrites; read_text_file and get_file_info see it", async () => {
    const s = await session();
    expect(s.error("write_file", { path: "notes/todo.md", content: "x" })).toBe("not_found");
    expect(s.text("create_directory", { path: "notes" })).toBe(
      "Successfully created directory notes",
    );
    const body = "Ship v2 ✅\nthen rest\n";
    expect(s.text("write_file", { path: "notes/todo.md", content: body })).toBe(
      "Successfully wrote to notes/todo.md",
    );
    expect(s.text("read_text_file", { path: "/projects/notes/todo.md" })).toBe(body);
    const info = s.text("get_file_info", { path: "/projects/notes/todo.md" });
    expect(info).toContain(`size: ${Buffer.byteLength(body)}\n`);
    expect(info).toContain("isFile: true\npermissions: 644");
    s.text("write_file", { path: "/projects/notes/todo.md", content: "done\n" });
    expect(s.text("read_file", { path: "notes/todo.md" })).toBe("done\n");
    expect(s.text("list_directory", { path: "notes" })).toBe("[FILE] todo.md");
    expect(s.error("write_file", { path: "/projects/src", content: "x" })).toBe("invalid_argument");
    expect(s.error("write_file", { path: "/projects/README.md/x", content: "x" })).toBe(
      "invalid_argument",
    );
    expect(s.error("write_file", { path: "big.txt", content: "x".repeat(262_145) })).toBe(
      "too_large",
    );
  });

  const greet = [
    'export const GREETING = "Hello";',
    'export const TARGET = "world";',
    "",
    "export function greet(name: string): string {",
    '  return GREETING + ", " + name + "!";',
    "}",
    "",
    "export function shout(name: string): string {",
    "  return greet(name).toUpperCase();",
    "}",
    "",
    "export function whisper(name: string): string {",
    "  return greet(name).toLowerCase();",
    "}",
    "",
  ].join("\n");
  const greetEdits = [
    { oldText: '"Hello"', newText: '"Hi"' },
    { oldText: "toLowerCase()", newText: "toLocaleLowerCase()" },
  ];
  const greetDiff = [
    "```diff",
    "Index: /projects/src/greet.ts",
    "===================================================================",
    "--- /projects/src/greet.ts\toriginal",
    "+++ /projects/src/greet.ts\tmodified",
    "@@ -1,5 +1,5 @@",
    '-export const GREETING = "Hello";',
    '+export const GREETING = "Hi";',
    ' export const TARGET = "world";',
    " ",
    " export function greet(name: string): string {",
    '   return GREETING + ", " + name + "!";',
    "@@ -9,6 +9,6 @@",
    "   return greet(name).toUpperCase();",
    " }",
    " ",
    " export function whisper(name: string): string {",
    "-  return greet(name).toLowerCase();",
    "+  return greet(name).toLocaleLowerCase();",
    " }",
    "```",
    "",
    "",
  ].join("\n");

  it("edit_file applies its edits in order and returns a git-style diff", async () => {
    const s = await session();
    s.text("write_file", { path: "src/greet.ts", content: greet });
    expect(s.text("edit_file", { path: "src/greet.ts", edits: greetEdits })).toBe(greetDiff);
    expect(s.text("read_text_file", { path: "src/greet.ts" })).toBe(
      greet.replace('"Hello"', '"Hi"').replace("toLowerCase()", "toLocaleLowerCase()"),
    );
  });

  it("dryRun previews the same diff and writes nothing", async () => {
    const s = await session();
    s.text("write_file", { path: "src/greet.ts", content: greet });
    const before = s.text("get_file_info", { path: "src/greet.ts" });
    const preview = s.text("edit_file", { path: "src/greet.ts", edits: greetEdits, dryRun: true });
    expect(preview).toBe(greetDiff);
    expect(s.text("read_text_file", { path: "src/greet.ts" })).toBe(greet);
    expect(s.text("get_file_info", { path: "src/greet.ts" })).toBe(before);
  });

  it("edit_file matches lines whatever their indentation, as the server does, and drops CRLF", async () => {
    const s = await session();
    const crlf = "def main():\r\n    x = 1\r\n    y = 2\r\n    return x + y\r\n";
    s.text("write_file", { path: "main.py", content: crlf });
    expect(s.text("read_text_file", { path: "main.py" })).toBe(crlf);
    const diff = s.text("edit_file", {
      path: "main.py",
      edits: [{ oldText: "x = 1\n  y = 2", newText: "x = 10\n  y = 20\n  z = 30" }],
    });
    // The first line takes the file's indentation, the second keeps its offset from the edit's
    // own indentation, a line with no counterpart in oldText is kept as written.
    const after = "def main():\n    x = 10\n    y = 20\n  z = 30\n    return x + y\n";
    expect(s.text("read_text_file", { path: "main.py" })).toBe(after);
    expect(diff).toContain(
      [
        "@@ -1,4 +1,5 @@",
        " def main():",
        "-    x = 1",
        "-    y = 2",
        "+    x = 10",
        "+    y = 20",
        "+  z = 30",
        "     return x + y",
      ].join("\n"),
    );
    const rows = s.rows();
    expect(
      s.error("edit_file", { path: "main.py", edits: [{ oldText: "w = 3", newText: "w = 4" }] }),
    ).toBe("invalid_argument");
    expect(s.text("read_text_file", { path: "main.py" })).toBe(after);
    expect(s.rows()).toBe(rows);
  });

  it("edit_file marks a missing final newline like git", async () => {
    const s = await session();
    s.text("write_file", { path: "a.txt", content: "one\ntwo" });
    expect(
      s.text("edit_file", { path: "a.txt", edits: [{ oldText: "two", newText: "two\nthree\n" }] }),
    ).toContain("@@ -1,2 +1,3 @@\n one\n-two\n\\ No newline at end of file\n+two\n+three\n```");
  });

  it("create_directory makes every missing parent, succeeds on an existing one, and refuses a file", async () => {
    const s = await session();
    const before = s.rows();
    s.text("create_directory", { path: "/projects/docs/adr/2025/q1" });
    expect(s.rows()).toBe(before + 3);
    expect(s.text("list_directory", { path: "docs/adr" })).toBe("[DIR] 2025");
    expect(JSON.parse(s.text("directory_tree", { path: "docs/adr" }))).toEqual([
      {
        name: "2025",
        type: "directory",
        children: [{ name: "q1", type: "directory", children: [] }],
      },
    ]);
    s.text("create_directory", { path: "docs/adr/2025" });
    expect(s.rows()).toBe(before + 3);
    expect(s.error("create_directory", { path: "README.md" })).toBe("conflict");
    expect(s.error("create_directory", { path: "README.md/sub" })).toBe("invalid_argument");
    expect(s.text("get_file_info", { path: "docs/adr/2025/q1" })).toContain(
      "isDirectory: true\nisFile: false\npermissions: 755",
    );
  });

  it("move_file renames files and moves directories with their contents, never over a destination", async () => {
    const s = await session();
    const rows = s.rows();
    const format = s.text("read_text_file", { path: "src/utils/format.ts" });
    expect(s.text("move_file", { source: "src/utils", destination: "src/lib" })).toBe(
      "Successfully moved src/utils to src/lib",
    );
    expect(s.rows()).toBe(rows);
    expect(s.text("read_text_file", { path: "src/lib/format.ts" })).toBe(format);
    expect(s.error("read_text_file", { path: "src/utils/format.ts" })).toBe("not_found");
    expect(s.text("search_files", { path: "/projects", pattern: "**/format.ts" })).toBe(
      "/projects/src/lib/format.ts",
    );
    s.text("move_file", { source: "src/lib/format.ts", destination: "src/lib/formatting.ts" });
    expect(s.text("list_directory", { path: "src/lib" })).toBe(
      "[FILE] formatting.ts\n[FILE] logger.ts",
    );
    expect(s.error("move_file", { source: "README.md", destination: "LICENSE" })).toBe("conflict");
    expect(s.error("move_file", { source: "src", destination: "src/lib/src" })).toBe(
      "invalid_argument",
    );
    expect(s.error("move_file", { source: "LICENSE", destination: "nowhere/LICENSE" })).toBe(
      "not_found",
    );
    expect(s.error("move_file", { source: "LICENSE", destination: "/tmp/LICENSE" })).toBe(
      "access_denied",
    );
    expect(s.text("read_text_file", { path: "LICENSE" })).toContain("MIT License");
  });

  it("search_files and directory_tree follow minimatch globs and excludePatterns", async () => {
    const s = await session();
    expect(s.text("search_files", { path: "/projects", pattern: "*.json" })).toBe(
      "/projects/package.json\n/projects/tsconfig.json",
    );
    expect(s.text("search_files", { path: "src", pattern: "**/{health,order}.ts" })).toBe(
      "/projects/src/models/order.ts\n/projects/src/routes/health.ts",
    );
    expect(s.text("search_files", { path: "/projects", pattern: "**/routes" })).toBe(
      "/projects/src/routes",
    );
    const docs = s
      .text("search_files", {
        path: "/projects",
        pattern: "**/*.{md,csv}",
        excludePatterns: ["docs/meeting-notes", "*.md"],
      })
      .split("\n");
    expect(docs).toContain("/projects/data/orders.csv");
    expect(docs).toContain("/projects/docs/api.md");
    expect(docs).not.toContain("/projects/README.md");
    expect(docs.some((p) => p.includes("meeting-notes"))).toBe(false);
    const tree = JSON.parse(
      s.text("directory_tree", { path: "/projects", excludePatterns: ["**/*.ts", "docs", ".*"] }),
    ) as { name: string; children?: unknown[] }[];
    const names = JSON.stringify(tree);
    expect(names).not.toContain('.ts"');
    expect(tree.map((e) => e.name)).not.toContain("docs");
    expect(tree.map((e) => e.name)).not.toContain(".github");
    expect(tree.find((e) => e.name === "src")?.children).toHaveLength(4);
    expect(s.text("search_files", { path: "/projects", pattern: "**/*.rb" })).toBe(
      "No matches found",
    );
  });

  it("head and tail read the first and last lines the way the server does", async () => {
    const s = await session();
    s.text("write_file", { path: "log.txt", content: "l1\nl2\nl3\nl4\nl5\n" });
    s.text("write_file", { path: "raw.txt", content: "a\r\nb\r\nc" });
    expect(s.text("read_text_file", { path: "log.txt", head: 2 })).toBe("l1\nl2");
    expect(s.text("read_text_file", { path: "log.txt", head: 50 })).toBe("l1\nl2\nl3\nl4\nl5");
    // tail counts the empty string after the final newline as a line.
    expect(s.text("read_text_file", { path: "log.txt", tail: 2 })).toBe("l5\n");
    expect(s.text("read_text_file", { path: "raw.txt", tail: 2 })).toBe("b\nc");
    expect(s.error("read_text_file", { path: "log.txt", head: 1, tail: 1 })).toBe(
      "invalid_argument",
    );
  });

  it("refuses every path outside the allowed directory", async () => {
    const s = await session();
    const outside = [
      "/etc/passwd",
      "/projects/../etc/passwd",
      "../secrets.txt",
      "src/../../etc/hosts",
      "/projectsX/a.txt",
      "~/.ssh/id_rsa",
      "C:\\Windows\\win.ini",
    ];
    for (const path of outside) {
      expect(s.error("read_text_file", { path })).toBe("access_denied");
      expect(s.error("write_file", { path, content: "x" })).toBe("access_denied");
      expect(s.error("list_directory", { path })).toBe("access_denied");
    }
    expect(s.error("read_text_file", { path: "/projects/a\u0000b" })).toBe("invalid_argument");
    expect(s.text("read_text_file", { path: "/projects/./src/../README.md" })).toContain("# ");
    expect(s.text("list_allowed_directories", {})).toBe("Allowed directories:\n/projects");
  });

  it("read_media_file returns base64 bytes with the MIME type; read_text_file decodes them like Node", async () => {
    const s = await session();
    const png = s.result("read_media_file", { path: "public/images/logo.png" }) as {
      content: { type: string; data: string; mimeType: string }[];
    };
    expect(png.content[0]?.type).toBe("image");
    expect(png.content[0]?.mimeType).toBe("image/png");
    const bytes = Buffer.from(png.content[0]?.data ?? "", "base64");
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(s.text("read_text_file", { path: "public/images/logo.png" })).toBe(
      bytes.toString("utf8"),
    );
    s.text("write_file", { path: "docs/my notes #1.md", content: "café\n" });
    expect(s.result("read_media_file", { path: "docs/my notes #1.md" })).toEqual({
      content: [
        {
          type: "resource",
          resource: {
            uri: "file:///projects/docs/my%20notes%20%231.md",
            mimeType: "application/octet-stream",
            blob: Buffer.from("café\n").toString("base64"),
          },
        },
      ],
    });
  });

  it("read_multiple_files reads what it can and reports each failure inline", async () => {
    const s = await session();
    const out = s.text("read_multiple_files", {
      paths: ["tsconfig.json", "/etc/passwd", "src", "nope.txt"],
    });
    const parts = out.split("\n---\n");
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe(
      `tsconfig.json:\n${s.text("read_text_file", { path: "tsconfig.json" })}\n`,
    );
    expect(parts[1]).toBe(
      "/etc/passwd: Error - Access denied - path outside allowed directories: /etc/passwd not in /projects",
    );
    expect(parts[2]).toBe("src: Error - EISDIR: illegal operation on a directory, read");
    expect(parts[3]).toBe(
      "nope.txt: Error - ENOENT: no such file or directory, open '/projects/nope.txt'",
    );
  });

  it("list_directory_with_sizes prints sizes, sorts by size, and totals the files", async () => {
    const s = await session();
    s.text("create_directory", { path: "sizes/inner" });
    s.text("write_file", { path: "sizes/empty.txt", content: "" });
    s.text("write_file", { path: "sizes/half.bin", content: "x".repeat(1536) });
    s.text("write_file", { path: "sizes/Small.md", content: "hi" });
    const pad = (name: string) => name.padEnd(30);
    expect(s.text("list_directory_with_sizes", { path: "sizes" })).toBe(
      [
        `[FILE] ${pad("empty.txt")} ${"0 B".padStart(10)}`,
        `[FILE] ${pad("half.bin")} ${"1.50 KB".padStart(10)}`,
        `[DIR] ${pad("inner")} `,
        `[FILE] ${pad("Small.md")} ${"2 B".padStart(10)}`,
        "",
        "Total: 3 files, 1 directories",
        "Combined size: 1.50 KB",
      ].join("\n"),
    );
    const bySize = s.text("list_directory_with_sizes", { path: "sizes", sortBy: "size" });
    expect(
      bySize
        .split("\n")
        .slice(0, 4)
        .map((l) => l.split(/\s+/)[1]),
    ).toEqual(["inner", "half.bin", "Small.md", "empty.txt"]);
  });
});

describe("bounded work per call", () => {
  it("lists, trees and searches up to 2,000 entries cheaply and refuses more", async () => {
    const s = await session();
    const insert = s.db.raw.prepare(
      "INSERT INTO fs_entries (path, parent, name, kind, content, data, size, mode, created_at, modified_at, accessed_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)",
    );
    const at = "2024-06-01T00:00:00.000Z";
    insert.run("/projects/bulk", "/projects", "bulk", "directory", null, 4096, "755", at, at, at);
    for (let i = 0; i < 2000; i++) {
      const name = `f${String(i).padStart(4, "0")}.txt`;
      insert.run(
        `/projects/bulk/${name}`,
        "/projects/bulk",
        name,
        "file",
        "x",
        1,
        "644",
        at,
        at,
        at,
      );
    }
    for (const [tool, args] of [
      ["list_directory", { path: "bulk" }],
      ["directory_tree", { path: "bulk" }],
      ["search_files", { path: "bulk", pattern: "**/f1*.txt" }],
    ] as const) {
      const outcome = s.call(tool, args);
      expect(outcome.ok).toBe(true);
      expect(outcome.fuel).toBeLessThan(500);
    }
    expect(s.error("search_files", { path: "/projects", pattern: "**/*.md" })).toBe("too_large");
    insert.run(
      "/projects/bulk/one-more.txt",
      "/projects/bulk",
      "one-more.txt",
      "file",
      "x",
      1,
      "644",
      at,
      at,
      at,
    );
    expect(s.error("list_directory", { path: "bulk" })).toBe("too_large");
    expect(
      s.error("read_multiple_files", { paths: Array.from({ length: 51 }, () => "README.md") }),
    ).toBe("invalid_argument");
  });
});

describe("recognising a file-system server", () => {
  const tool = (name: string, properties: Record<string, Json>, required: string[]) => ({
    name,
    description: name,
    inputSchema: { type: "object", properties, required },
  });
  const str = { type: "string" };

  it("recognises other names for the same operations, and reports a tool whose arguments do not fit", () => {
    const { report } = importMcpSpec({
      serverInfo: { name: "files-lite", version: "1.0.0" },
      tools: [
        tool("readFile", { path: str }, ["path"]),
        tool("listDirectory", { path: str }, ["path"]),
        tool("moveFile", { source: str, destination: str }, ["source", "destination"]),
        tool("writeFile", { path: str, content: str, encoding: str }, ["path", "content"]),
      ],
    });
    expect(report.implemented.map((t) => [t.tool, t.surface])).toEqual([
      ["readFile", "filesystem"],
      ["listDirectory", "filesystem"],
      ["moveFile", "filesystem"],
    ]);
    expect(report.leftOut).toEqual([
      expect.objectContaining({
        tool: "writeFile",
        reason: expect.stringMatching(/argument "encoding"/),
      }),
    ]);
  });

  it("leaves servers that do not both list directories and read files alone", () => {
    const { report } = importMcpSpec({
      tools: [
        tool("read_file", { path: str }, ["path"]),
        tool("create_note", { title: str }, ["title"]),
      ],
    });
    expect(report.implemented.some((t) => t.surface === "filesystem")).toBe(false);
    const memory = importMcpSpec(
      readFileSync(new URL("../../catalog/mcp/specs/memory.json", import.meta.url), "utf8"),
    );
    expect(memory.report.implemented.some((t) => t.surface === "filesystem")).toBe(false);
  });
});
