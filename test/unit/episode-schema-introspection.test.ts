import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { isInternalTableName, listUserTableNames } from "../../core/episode/schema-introspection";

describe("user tables", () => {
  it("leave out SQLite's, Cloudflare's, Miniflare's and our own bookkeeping tables", () => {
    for (const name of ["sqlite_sequence", "_cf_KV", "_aw_calls", "__miniflare_do_name"]) {
      expect(isInternalTableName(name)).toBe(true);
    }
    expect(isInternalTableName("Customer")).toBe(false);
    expect(isInternalTableName("_private")).toBe(false);

    const db = openBetterSqlite();
    for (const name of ["Customer", "__miniflare_do_name", "_aw_calls", "Order Details"]) {
      db.run(`CREATE TABLE "${name}" (id INTEGER PRIMARY KEY)`);
    }
    expect(listUserTableNames(db)).toEqual(["Customer", "Order Details"]);
  });
});
