// Volatile fields inside JSON document columns: a REST store keeps each document (with its
// clock-set `updated` field) in one text column, so only the fields that move under another
// clock are masked and the rest of the document is still compared.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StateDiff } from "../../core/episode/state-diff";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
import { maskRow, volatileColumns } from "../../core/tasks/volatile-columns";
import { catalogSpec, type NodeWorld, nodeWorld } from "../support/synthesis-harness";

const doc = (priority: string, updated: string) =>
  JSON.stringify({ key: "WEB-3", fields: { priority: { name: priority }, updated } });

const updateOf = (priority: string, updated: string): StateDiff => ({
  rest_documents: {
    inserted: [],
    deleted: [],
    updated: [
      {
        key: { id: "10003" },
        before: { id: "10003", doc: doc("Low", "2025-01-01"), updated: "2025-01-01" },
        after: { id: "10003", doc: doc(priority, updated), updated },
        changedColumns: ["doc", "updated"],
      },
    ],
  },
});

describe("volatile fields inside a JSON column", () => {
  it("narrows a document column to the fields that moved", () => {
    const volatile = volatileColumns(
      updateOf("High", "2025-03-01T10:00:00Z"),
      updateOf("High", "2025-03-04T17:00:00Z"),
    );
    expect(volatile).toEqual({ rest_documents: ["doc#/fields/updated", "updated"] });
  });

  it("masks only those fields, keeping the rest of the document compared", () => {
    const mask = ["doc#/fields/updated", "updated"];
    const a = maskRow({ id: "1", doc: doc("High", "x"), updated: "x" }, mask);
    const b = maskRow({ id: "1", doc: doc("High", "y"), updated: "y" }, mask);
    const c = maskRow({ id: "1", doc: doc("Lowest", "y"), updated: "y" }, mask);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.doc).toBe(JSON.stringify({ fields: { priority: { name: "High" } }, key: "WEB-3" }));
  });

  it("treats a column that is not JSON in one of the runs as volatile whole", () => {
    const plain = (v: string): StateDiff => ({
      t: { inserted: [{ id: 1, v }], deleted: [], updated: [] },
    });
    expect(volatileColumns(plain('{"a":1}'), plain("not json"))).toEqual({ t: ["v"] });
  });
});

describe("a Jira write task is judged on what the document now says", () => {
  let env: NodeWorld;
  let tasks: Task[];
  beforeAll(async () => {
    env = await nodeWorld(catalogSpec("mcp-atlassian-jira"));
    ({ tasks } = await synthesizeTasks(
      env.world,
      SynthesisShardSchema.parse({
        count: 12,
        strategy: "graph",
        seed: "volatile-json",
        difficulty: { minWrites: 1 },
      }),
    ));
  });
  afterAll(() => env.close());

  it("scores a wrong field value 0 where the right one scores 1", () => {
    const updates = tasks.filter((t) =>
      Object.values(t.groundTruth.changes).some((table) => table.updated.length > 0),
    );
    expect(updates.length).toBeGreaterThan(0);
    for (const task of updates) {
      expect(scoreEpisode(task, task.groundTruth.changes, undefined).reward).toBe(1);
      const tampered = structuredClone(task.groundTruth.changes);
      const update = Object.values(tampered).find((t) => t.updated.length > 0)?.updated[0];
      if (!update || typeof update.after.doc !== "string") continue;
      const document = JSON.parse(update.after.doc);
      document.fields = {
        ...document.fields,
        summary: `${document.fields?.summary ?? ""} (edited)`,
      };
      update.after.doc = JSON.stringify(document);
      expect(scoreEpisode(task, tampered, undefined).reward).toBe(0);
    }
  });
});
