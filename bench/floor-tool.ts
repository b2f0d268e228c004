// A catalog tool run directly in Node, the floor's "same work": the tool's own implementation from
// the built spec (catalog/dist/<env>.json), compiled with `new Function` (no sandbox, no VM, no
// Worker, no Durable Object) and given a `ctx` over better-sqlite3 with the API the sandbox offers:
// query / one / run / fail / now / random / id.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { openBetterSqlite } from "../catalog/better-sqlite-database";
import type { SqlDatabase, SqlParam, SqlRow } from "../core/episode/sql-database";
import { createSeededHost } from "../core/sandbox/seeded-host";

/** What the floor needs from a spec: only the tools' sources and the clock start. */
const SpecToolsSchema = z.looseObject({
  clockStart: z.string().optional(),
  tools: z.array(z.looseObject({ name: z.string(), implementation: z.string() })),
});

export interface NodeToolContext {
  query(sql: string, params?: readonly SqlParam[]): SqlRow[];
  one(sql: string, params?: readonly SqlParam[]): SqlRow | null;
  run(sql: string, params?: readonly SqlParam[]): { changes: number; lastInsertRowid: number };
  fail(code: string, message?: string, details?: unknown): never;
  now(): string;
  random(): number;
  id(prefix?: string): string;
}

type ToolFunction = (args: unknown, ctx: NodeToolContext) => unknown;

/** `ctx.fail(...)` from a tool: a failed call, answered as data like the platform does. */
export class ToolFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ToolFailure";
  }
}

export interface NodeTools {
  call(tool: string, args: unknown): Promise<unknown>;
  has(tool: string): boolean;
}

/** The tools of `specPath`, run against an in-memory copy of the SQLite file at `databasePath`. */
export function loadNodeTools(specPath: string, databasePath: string): NodeTools {
  const spec = SpecToolsSchema.parse(JSON.parse(readFileSync(specPath, "utf8")));
  // A copy in memory: the repository's database file is never opened for writing.
  const db = openBetterSqlite(readFileSync(databasePath));
  const ctx = nodeToolContext(db, spec.clockStart ?? "2026-01-01T00:00:00.000Z");
  const tools = new Map(
    spec.tools.map((tool) => [tool.name, compile(tool.name, tool.implementation)]),
  );
  return {
    has: (tool) => tools.has(tool),
    async call(tool, args) {
      const fn = tools.get(tool);
      if (fn === undefined) throw new ToolFailure("unknown_tool", `No tool named ${tool}.`);
      return await fn(args, ctx);
    },
  };
}

function compile(name: string, source: string): ToolFunction {
  const text = source.trim().replace(/;+$/, "");
  const value: unknown = new Function(`"use strict"; return (${text}\n);`)();
  if (!isToolFunction(value)) throw new Error(`the implementation of ${name} is not a function`);
  return value;
}

function isToolFunction(value: unknown): value is ToolFunction {
  return typeof value === "function";
}

function nodeToolContext(db: SqlDatabase, clockStart: string): NodeToolContext {
  const host = createSeededHost(db, "bench-floor", clockStart);
  return {
    query: (sql, params) => db.query(sql, params),
    one: (sql, params) => db.query(sql, params)[0] ?? null,
    run: (sql, params) => db.run(sql, params),
    fail(code, message, details) {
      throw new ToolFailure(code, message ?? code, details);
    },
    now: () => host.now(),
    random: () => host.random(),
    id: (prefix) => host.id(prefix),
  };
}
