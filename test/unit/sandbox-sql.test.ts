// The SQL plumbing under the sandbox: error codes for both SQLite backends, SQL values as JSON, the
// host bridge's replies and fuel charges, and the better-sqlite3 adapter the Node tests share.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { createHostBridge, newCallState, SqlMode } from "../../core/sandbox/host-bridge";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { describeSqlError } from "../../core/sandbox/sql-errors";
import { paramsFromJson, rowsToJson } from "../../core/sandbox/sql-json";

describe("describeSqlError", () => {
  it("maps workerd's messages, dropping the SQLITE_ suffix", () => {
    const cases: [string, string][] = [
      ["UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT", "constraint_unique"],
      ["PRIMARY KEY constraint failed: t.id: SQLITE_CONSTRAINT", "constraint_unique"],
      ["FOREIGN KEY constraint failed: SQLITE_CONSTRAINT", "constraint_foreign_key"],
      ["NOT NULL constraint failed: users.name: SQLITE_CONSTRAINT", "constraint_not_null"],
      ["CHECK constraint failed: credit >= 0: SQLITE_CONSTRAINT", "constraint_check"],
      ['near "SELEC": syntax error at offset 0: SQLITE_ERROR', "sql_error"],
    ];
    for (const [message, code] of cases) {
      expect(describeSqlError(new Error(message))).toEqual({
        code,
        message: message.replace(/: SQLITE_[A-Z]+$/, ""),
      });
    }
  });

  it("falls back on better-sqlite3's error code, and on sql_error for anything else", () => {
    const error = Object.assign(new Error("constraint failed"), {
      code: "SQLITE_CONSTRAINT_NOTNULL",
    });
    expect(describeSqlError(error).code).toBe("constraint_not_null");
    expect(describeSqlError("a string").code).toBe("sql_error");
  });

  it("agrees with real better-sqlite3 errors", () => {
    const db = openBetterSqlite();
    db.raw.exec(`
      CREATE TABLE p (id INTEGER PRIMARY KEY);
      CREATE TABLE c (id INTEGER PRIMARY KEY, p INTEGER REFERENCES p(id), n TEXT NOT NULL UNIQUE, k INTEGER CHECK (k > 0));
      INSERT INTO p VALUES (1);
      INSERT INTO c VALUES (1, 1, 'a', 1);
    `);
    const codeOf = (sql: string) => {
      try {
        db.run(sql);
        return "ok";
      } catch (error) {
        return describeSqlError(error).code;
      }
    };
    expect(codeOf("INSERT INTO c VALUES (1, 1, 'b', 1)")).toBe("constraint_unique");
    expect(codeOf("INSERT INTO c VALUES (2, 1, 'a', 1)")).toBe("constraint_unique");
    expect(codeOf("INSERT INTO c VALUES (2, 9, 'b', 1)")).toBe("constraint_foreign_key");
    expect(codeOf("INSERT INTO c VALUES (2, 1, NULL, 1)")).toBe("constraint_not_null");
    expect(codeOf("INSERT INTO c VALUES (2, 1, 'b', 0)")).toBe("constraint_check");
    expect(codeOf("INSERT INTO nope VALUES (1)")).toBe("sql_error");
  });
});

describe("SQL values as JSON", () => {
  it("writes BLOBs as base64 and BigInts as numbers, or strings past 2^53", () => {
    expect(rowsToJson([{ a: 1, b: "x", c: null }])).toBe('[{"a":1,"b":"x","c":null}]');
    expect(
      JSON.parse(
        rowsToJson([
          {
            blob: new Uint8Array([0, 255]),
            buf: new Uint8Array([1]).buffer,
            small: 5n,
            big: 2n ** 60n,
          },
        ]),
      ),
    ).toEqual([
      { blob: { $base64: "AP8=" }, buf: { $base64: "AQ==" }, small: 5, big: "1152921504606846976" },
    ]);
  });

  it("reads parameters back, BLOBs included, and refuses anything else", () => {
    expect(paramsFromJson('[1, "a", null, {"$base64": "AP8="}]')).toEqual([
      1,
      "a",
      null,
      new Uint8Array([0, 255]),
    ]);
    expect(() => paramsFromJson('{"a": 1}')).toThrow(TypeError);
    expect(() => paramsFromJson("[[1]]")).toThrow(TypeError);
    expect(() => paramsFromJson('[{"$base64": "AA==", "x": 1}]')).toThrow(TypeError);
  });
});

describe("createHostBridge", () => {
  const setup = () => {
    const db = openBetterSqlite();
    db.raw.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    const host = createSeededHost(db, "bridge", "2024-01-01T00:00:00Z");
    const state = newCallState(host, 3);
    return { state, bridge: createHostBridge(() => state) };
  };

  it("answers R, E or X and charges one tick per SQL call", () => {
    const { state, bridge } = setup();
    expect(bridge.sql(SqlMode.run, "INSERT INTO t (v) VALUES (?)", '["a"]')).toBe(
      'R{"changes":1,"lastInsertRowid":1}',
    );
    expect(bridge.sql(SqlMode.one, "SELECT v FROM t", "[]")).toBe('R{"v":"a"}');
    expect(bridge.sql(SqlMode.query, "SELECT * FROM nope", "[]")).toBe(
      'E{"code":"sql_error","message":"no such table: nope"}',
    );
    expect(state.fuelUsed).toBe(3);
    expect(state.limitHit).toBeUndefined();
    expect(bridge.sql(SqlMode.query, "SELECT 1", "[]")).toBe('R[{"1":1}]');
    expect(state.limitHit).toBe("fuel");
    expect(bridge.sql(SqlMode.query, "SELECT 1", "[]")).toMatch(/^X.*exceeded its fuel/);
    expect(bridge.tick()).toBe(true);
  });

  it("refuses bad parameters and id prefixes as X replies, and everything outside a call", () => {
    const { bridge } = setup();
    expect(bridge.sql(SqlMode.query, "SELECT ?", "[[1]]")).toMatch(/^X\{"name":"TypeError"/);
    expect(bridge.id("bad prefix")).toMatch(/^X/);
    const idle = createHostBridge(() => newCallState(undefined, 10));
    expect(idle.now()).toMatch(/^X.*only available while a tool call runs/);
    expect(idle.clockMs()).toBe(0);
  });
});

describe("openBetterSqlite", () => {
  it("round-trips BLOBs as plain Uint8Array and returns numbers from run", () => {
    const db = openBetterSqlite();
    db.raw.exec("CREATE TABLE b (id INTEGER PRIMARY KEY, data BLOB)");
    expect(db.run("INSERT INTO b (data) VALUES (?)", [new Uint8Array([1, 2, 3])])).toEqual({
      changes: 1,
      lastInsertRowid: 1,
    });
    const [row] = db.query("SELECT data FROM b");
    expect(row?.data).toEqual(new Uint8Array([1, 2, 3]));
    expect(row?.data?.constructor).toBe(Uint8Array);
    expect(db.query("INSERT INTO b (data) VALUES (NULL)")).toEqual([]);
    expect(db.query("INSERT INTO b (data) VALUES (NULL) RETURNING id")).toEqual([{ id: 3 }]);
  });

  it("rolls a transaction back when its function throws, and enforces foreign keys", () => {
    const db = openBetterSqlite();
    db.raw.exec(
      "CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p(id))",
    );
    expect(() =>
      db.transaction(() => {
        db.run("INSERT INTO p (id) VALUES (1)");
        throw new Error("abort");
      }),
    ).toThrow("abort");
    expect(db.query("SELECT count(*) AS n FROM p")).toEqual([{ n: 0 }]);
    expect(() => db.run("INSERT INTO c (p) VALUES (9)")).toThrow(/FOREIGN KEY/);
  });
});
