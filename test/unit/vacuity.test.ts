// The vacuity check on a small real store: tools whose tests pass for a stand-in that returns
// null, returns {}, or fails with not_found are flagged; tools whose tests pin real values are not.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import type { SeedData, ToolSpec } from "../../core/environment/spec";
import { vacuousTools } from "../../core/environment/vacuity";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import type { Executor } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { loadDatabase, rolledBack } from "../support/database-harness";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

const schemaSql = "CREATE TABLE Item (ItemId INTEGER PRIMARY KEY, Name TEXT NOT NULL);";
const seed: SeedData = {
  tables: {
    Item: {
      columns: ["ItemId", "Name"],
      rows: [
        [1, "lamp"],
        [2, "desk"],
      ],
    },
  },
};

const getItem = `function get_item(args, ctx) {
  const row = ctx.one("SELECT ItemId, Name FROM Item WHERE ItemId = ?", [args.id]);
  if (!row) ctx.fail("not_found", "no such item");
  return { id: row.ItemId, name: row.Name };
}`;

function tool(name: string, tests: ToolSpec["tests"]): ToolSpec {
  return {
    name,
    description: "Get one item by id.",
    inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
    effect: "read",
    implementation: getItem,
    tests,
  };
}

const tools: ToolSpec[] = [
  tool("real_tests", [
    {
      name: "finds lamp",
      args: { id: 1 },
      expect: { result: { id: 1, name: "lamp" }, match: "exact" },
    },
    {
      name: "unknown id",
      args: { id: 9 },
      expect: { error: { code: "not_found" }, match: "exact" },
    },
  ]),
  tool("only_errors", [
    {
      name: "unknown id",
      args: { id: 9 },
      expect: { error: { code: "not_found" }, match: "exact" },
    },
  ]),
  tool("empty_subset", [
    { name: "anything", args: { id: 1 }, expect: { result: {}, match: "subset" } },
  ]),
  tool("expects_null", [
    { name: "unknown gives null", args: { id: 9 }, expect: { result: null, match: "exact" } },
  ]),
  tool("schema_only", [
    {
      name: "bad args",
      args: { id: "x" },
      expect: { error: { code: "invalid_arguments" }, match: "exact" },
    },
  ]),
];

let db: BetterSqliteDatabase;
let executor: Executor;

beforeAll(() => {
  db = loadDatabase(schemaSql, seed);
  const require = createRequire(import.meta.url);
  executor = createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
});
afterAll(() => db.raw.close());

describe("vacuousTools", () => {
  it("flags every tool whose tests a do-nothing stand-in passes, naming the stand-in", async () => {
    const found = await vacuousTools({
      tools,
      executor,
      db,
      seed,
      inRollback: (fn) => rolledBack(db, fn),
      createHost: ({ tool, test }) => createSeededHost(db, `${tool}/${test}`, DEFAULT_CLOCK_START),
    });
    expect(found).toEqual([
      { tool: "only_errors", standIn: "failsNotFound" },
      { tool: "empty_subset", standIn: "returnsEmptyObject" },
      { tool: "expects_null", standIn: "returnsNull" },
      { tool: "schema_only", standIn: "returnsNull" },
    ]);
  });
});
