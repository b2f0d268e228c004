// Keys allocated on insert (one above the highest): an agent that makes the same records in
// another order than the reference solution gets the same reward, while a record pointing at the
// wrong new record, or a key the user stated, still counts against it.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import type { DiffRow, StateDiff } from "../../core/episode/state-diff";
import { allocatedKeys } from "../../core/tasks/allocated-keys";
import type { GroundTruth, VerifierSpec } from "../../core/tasks/task";
import { verifyTask } from "../../core/tasks/verify";

const inserted = (rows: Record<string, DiffRow[]>): StateDiff =>
  Object.fromEntries(
    Object.entries(rows).map(([table, list]) => [
      table,
      { inserted: list, deleted: [], updated: [] },
    ]),
  );

/** Two follow-up tasks, each linked to its contact, with ids in the order given. */
function followUps(order: readonly ("ana" | "bo")[], linkTo = { ana: 7, bo: 8 }): StateDiff {
  const subject = { ana: "Call Ana", bo: "Call Bo" };
  const ids = (who: "ana" | "bo") => 41 + order.indexOf(who);
  return inserted({
    tasks: order.map((who) => ({ id: ids(who), subject: subject[who], due: "2025-01-10" })),
    links: order.map((who, i) => ({ id: 900 + i, task: ids(who), contact: linkTo[who] })),
  });
}

const verifier: VerifierSpec = {
  weights: { state: 1, answer: 0, rubric: 0 },
  partialCredit: false,
};

const truth = (keys?: Record<string, string>): GroundTruth => ({
  changes: followUps(["ana", "bo"]),
  volatile: {},
  ...(keys ? { allocatedKeys: keys } : {}),
  digest: "",
});

describe("allocated keys", () => {
  const keys = { tasks: "id", links: "id" };

  it("accepts the same records made in another order", () => {
    const result = verifyTask(truth(keys), verifier, { changes: followUps(["bo", "ana"]) });
    expect(result.reward).toBe(1);
  });

  it("compares keys as they are on tasks made before allocated keys were recorded", () => {
    const result = verifyTask(truth(), verifier, { changes: followUps(["bo", "ana"]) });
    expect(result.reward).toBe(0);
  });

  it("still refuses a link to the wrong new record, and reports the rows with their real ids", () => {
    const crossed = followUps(["bo", "ana"], { ana: 8, bo: 7 });
    const result = verifyTask(truth(keys), verifier, { changes: crossed });
    expect(result.reward).toBe(0);
    expect(result.diff.unexpected).toContainEqual({
      table: "links",
      op: "insert",
      row: { id: 900, task: 41, contact: 7 },
    });
  });

  it("renames a new key where an update of an existing row points at it", () => {
    const pointing = (diff: StateDiff, task: number): StateDiff => ({
      ...diff,
      contacts: {
        inserted: [],
        deleted: [],
        updated: [
          {
            key: { id: 7 },
            before: { id: 7, next_task: null },
            after: { id: 7, next_task: task },
            changedColumns: ["next_task"],
          },
        ],
      },
    });
    const gold = { ...truth(keys), changes: pointing(followUps(["ana", "bo"]), 41) };
    // Ana's task is 42 when Bo's was made first.
    expect(
      verifyTask(gold, verifier, { changes: pointing(followUps(["bo", "ana"]), 42) }).reward,
    ).toBe(1);
    expect(
      verifyTask(gold, verifier, { changes: pointing(followUps(["bo", "ana"]), 41) }).reward,
    ).toBe(0);
  });

  it("records single-column keys of tables the solution inserted into, unless the user stated one", () => {
    const db = openBetterSqlite();
    db.run("CREATE TABLE tasks (id INTEGER PRIMARY KEY, subject TEXT)");
    db.run("CREATE TABLE links (task INTEGER, contact INTEGER, PRIMARY KEY (task, contact))");
    db.run("CREATE TABLE notes (code TEXT PRIMARY KEY, body TEXT)");
    const changes = inserted({
      tasks: [{ id: 41, subject: "Call Ana" }],
      links: [{ task: 41, contact: 7 }],
      notes: [{ code: "N-2025-17", body: "Ana prefers mornings" }],
      made_by_the_solution: [{ id: 1 }],
    });
    expect(allocatedKeys(db, changes, "Make a note N-2025-17 and a task to call Ana.")).toEqual({
      tasks: "id",
    });
    expect(allocatedKeys(db, changes, "Make a note and a task to call Ana.")).toEqual({
      tasks: "id",
      notes: "code",
    });
  });
});
