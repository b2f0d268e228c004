// generateTools options (a subset of tables, a cap per table) and the SQL-safety check the other
// toolgen tests rely on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import { generateTools } from "../../core/toolgen/generate-tools";
import { tradingDatabase } from "../fixtures/trading-database";
import { interpolatesArguments, loadDatabase } from "../support/database-harness";

describe("toolgen options", () => {
  let db: BetterSqliteDatabase;
  beforeAll(() => {
    const { schemaSql, seed } = tradingDatabase();
    db = loadDatabase(schemaSql, seed);
  });
  afterAll(() => db?.raw.close());

  it("generates only for the tables asked for, and reports names that are not tables", () => {
    const { tools, report } = generateTools(db, {
      tables: ["Orders", "order lines", "Current Products"],
    });
    expect(report.tables.map((t) => t.table)).toEqual(["Order Lines", "Orders"]);
    expect(report.skippedTables).toEqual([
      {
        table: "Current Products",
        reason: "not a user table (a view, an internal table, or no such name)",
      },
    ]);
    expect(tools.every((t) => /order/.test(t.name))).toBe(true);
  });

  it("keeps the most useful tools first when capped per table", () => {
    const { tools, report } = generateTools(db, { tables: ["Orders"], maxToolsPerTable: 3 });
    expect(tools.map((t) => t.name)).toEqual([
      "get_order",
      "search_orders",
      "list_orders_by_ship_via",
    ]);
    expect(report.tables[0]?.skipped.filter((s) => /maxToolsPerTable/.test(s.reason)).length).toBe(
      7,
    );
  });

  it("is deterministic", () => {
    expect(JSON.stringify(generateTools(db))).toBe(JSON.stringify(generateTools(db)));
  });
});

describe("the SQL-safety check", () => {
  it("flags arguments put into SQL text", () => {
    expect(interpolatesArguments('ctx.query("SELECT * FROM t WHERE a = " + args.a)')).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the point: it is guest source text
    expect(interpolatesArguments("ctx.one(`SELECT * FROM t WHERE a = ${args.a}`)")).toBe(true);
    expect(interpolatesArguments('ctx.one("SELECT * FROM t WHERE a = ?", [args.a])')).toBe(false);
  });
});
