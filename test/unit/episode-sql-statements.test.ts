import { describe, expect, it } from "vitest";
import { splitSqlStatements } from "../../core/episode/sql-statements";

describe("splitSqlStatements", () => {
  it("splits on semicolons outside quotes and comments", () => {
    const script = `
      -- a comment; with a semicolon
      CREATE TABLE "a;b" (x TEXT DEFAULT 'semi;colon', [y;z] INTEGER, \`w;\` REAL);
      /* block; comment */
      INSERT INTO "a;b" VALUES ('it''s; fine', 1, 2.5);;
      CREATE UNIQUE INDEX u ON "a;b" (x)`;
    const parts = splitSqlStatements(script);
    expect(parts.map((p) => p.kind)).toEqual(["table", "other", "unique-index"]);
    expect(parts[1]?.sql).toBe(`INSERT INTO "a;b" VALUES ('it''s; fine', 1, 2.5)`);
  });

  it("keeps a trigger body whole, CASE ... END inside it included", () => {
    const script = `CREATE TRIGGER t AFTER INSERT ON a BEGIN
        UPDATE b SET n = CASE WHEN new.x > 0 THEN 1 ELSE 0 END;
        INSERT INTO log VALUES (new.x);
      END;
      CREATE TEMP TRIGGER IF NOT EXISTS u BEFORE DELETE ON a BEGIN SELECT 1; END;
      CREATE VIEW v AS SELECT CASE WHEN 1 THEN 'end' END AS e;
      CREATE INDEX i ON a (x);
      CREATE VIRTUAL TABLE f USING fts5(body)`;
    const parts = splitSqlStatements(script);
    expect(parts.map((p) => p.kind)).toEqual(["trigger", "trigger", "view", "index", "table"]);
    expect(parts[0]?.sql.endsWith("END")).toBe(true);
    expect(parts[0]?.sql).toContain("INSERT INTO log");
  });

  it("drops statements that are only whitespace or comments", () => {
    expect(splitSqlStatements("  ; -- nothing\n ; /* none */ ")).toEqual([]);
  });
});
