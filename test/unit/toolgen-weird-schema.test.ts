// Tool generation on a schema built to be awkward: names with spaces, quotes and reserved words,
// a table without a primary key, a WITHOUT ROWID composite key, a NULL-heavy column, a
// self-referencing foreign key, a view, and a child row pointing at a parent that does not exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import type { SeedData } from "../../core/environment/spec";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import {
  type Generated,
  generateAndAdmit,
  interpolatesArguments,
} from "../support/database-harness";

const TEAM = `"Weird ""Team"" Table"`;
const SCHEMA = `
CREATE TABLE ${TEAM} (
  "Team ID" INTEGER PRIMARY KEY,
  "select" TEXT NOT NULL UNIQUE,
  "group" TEXT,
  "Parent Team" INTEGER REFERENCES ${TEAM} ("Team ID"),
  notes TEXT
);
CREATE TABLE "order" ("from" TEXT, "to" TEXT, amount REAL);
CREATE TABLE "member-ship" (
  "Team ID" INTEGER NOT NULL REFERENCES ${TEAM} ("Team ID"),
  "user name" TEXT NOT NULL,
  score INTEGER NOT NULL DEFAULT 0 CHECK (score >= 0),
  PRIMARY KEY ("Team ID", "user name")
) WITHOUT ROWID;
CREATE VIEW "team view" AS SELECT * FROM ${TEAM};
`;

const teams = Array.from({ length: 10 }, (_, i) => [
  i + 1,
  `team-${i + 1}`,
  i % 2 === 0 ? "red" : "blue",
  i < 2 ? null : (i % 2) + 1,
  i === 3 ? "the only note" : null,
]);
const members = [
  [1, "ann", 3],
  [1, "bob", 0],
  [2, "cy", 7],
  [3, "dee", 1],
];

function seed(withDirtyRow: boolean): SeedData {
  return {
    tables: {
      'Weird "Team" Table': {
        columns: ["Team ID", "select", "group", "Parent Team", "notes"],
        rows: teams,
      },
      order: {
        columns: ["from", "to", "amount"],
        rows: [
          ["a", "b", 1.5],
          ["b", "c", 2],
          ["a", "c", null],
        ],
      },
      "member-ship": {
        columns: ["Team ID", "user name", "score"],
        rows: withDirtyRow ? [...members, [99, "ghost", 5]] : members,
      },
    },
  };
}

describe("toolgen: a weird schema", () => {
  let g: Generated;
  beforeAll(async () => {
    g = await generateAndAdmit(SCHEMA, seed(false));
  });
  afterAll(() => g?.close());

  it("admits every generated tool", () => {
    expect(g.admission.results.filter((r) => !r.passed)).toEqual([]);
    expect(g.admission.problems).toEqual([]);
    expect(g.admission.admitted).toBe(true);
    for (const t of g.tools) expect(interpolatesArguments(t.implementation), t.name).toBe(false);
  });

  it("derives names from quoted, spaced and reserved identifiers", () => {
    expect(g.tools.map((t) => t.name).sort()).toEqual(
      [
        "count_weird_team_tables_by_group",
        "count_weird_team_tables_by_parent_team",
        "create_member_ship",
        "create_order",
        "create_weird_team_table",
        "delete_member_ship",
        "delete_weird_team_table",
        "find_weird_team_table_by_select",
        "get_member_ship",
        "get_weird_team_table",
        "list_member_ships_by_team",
        "list_weird_team_tables_by_parent_team",
        "search_member_ships",
        "search_orders",
        "search_weird_team_tables",
        "sum_member_ship_score_by_team",
        "update_member_ship",
        "update_weird_team_table",
      ].sort(),
    );
    expect(g.report.tables.map((t) => t.table)).not.toContain("team view");
  });

  it("reads a table without a primary key but never updates or deletes its rows", () => {
    const order = g.report.tables.find((t) => t.table === "order");
    expect(order?.skipped.map((s) => s.kind)).toEqual(["get", "update", "delete"]);
    expect(order?.notes).toContain(
      "no primary key: read by search only, rows are never updated or deleted by a tool",
    );
  });

  it("treats a NULL-heavy column as optional and the self-reference as a relation", () => {
    const create = g.tools.find((t) => t.name === "create_weird_team_table")?.inputSchema;
    expect(create?.required).toEqual(["select"]);
    expect(create?.properties).toMatchObject({
      notes: { type: ["string", "null"] },
      parent_team: { type: ["integer", "null"] },
    });
    const del = g.tools.find((t) => t.name === "delete_weird_team_table");
    expect(del?.tests.map((t) => t.expect.error?.code ?? "ok")).toEqual([
      "ok",
      "conflict",
      "not_found",
    ]);
    const members = g.tools.find((t) => t.name === "create_member_ship")?.inputSchema;
    expect(members?.properties).toMatchObject({ score: { type: "integer", minimum: 0 } });
  });
});

describe("toolgen: a child row pointing at a missing parent", () => {
  it("is refused by the seed loader while foreign keys are enforced", () => {
    const db = openBetterSqlite();
    try {
      expect(() => db.transaction(() => loadSchemaAndSeed(db, SCHEMA, seed(true)))).toThrow(
        /foreign key check failed/,
      );
    } finally {
      db.raw.close();
    }
  });

  it("still yields admitted tools when loaded without enforcement: samples avoid the dirty row", async () => {
    const g = await generateAndAdmit(SCHEMA, seed(true), { foreignKeysOffWhileLoading: true });
    try {
      expect(g.admission.results.filter((r) => !r.passed)).toEqual([]);
      expect(g.admission.admitted).toBe(true);
      expect(g.db.query(`SELECT COUNT(*) AS n FROM "member-ship" WHERE "Team ID" = 99`)).toEqual([
        { n: 1 },
      ]);
    } finally {
      g.close();
    }
  });
});
