// The verifier: state changes matched as multisets with volatile columns masked, answers under their
// match kind, weighted components, partial credit, and the read-only guard; plus volatile-column
// discovery from a perturbed replay.
import { describe, expect, it } from "vitest";
import type { StateDiff } from "../../core/episode/state-diff";
import type { GroundTruth, VerifierSpec } from "../../core/tasks/task";
import { verifyTask } from "../../core/tasks/verify";
import { maskRow, volatileColumns } from "../../core/tasks/volatile-columns";

const spec = (over: Partial<VerifierSpec> = {}): VerifierSpec => ({
  weights: { state: 1, answer: 1, rubric: 0 },
  partialCredit: false,
  ...over,
});

const insertInvoice = (id: number, date: string, total = 1.98): StateDiff => ({
  Invoice: {
    inserted: [{ InvoiceId: id, CustomerId: 5, InvoiceDate: date, Total: total }],
    deleted: [],
    updated: [],
  },
});

const renameArtist = (name: string): StateDiff => ({
  Artist: {
    inserted: [],
    deleted: [],
    updated: [
      {
        key: { ArtistId: 1 },
        before: { ArtistId: 1, Name: "AC/DC" },
        after: { ArtistId: 1, Name: name },
        changedColumns: ["Name"],
      },
    ],
  },
});

const writing: GroundTruth = {
  changes: insertInvoice(413, "2025-01-01T00:00:00Z"),
  volatile: { Invoice: ["InvoiceId", "InvoiceDate"] },
  digest: "d",
};

describe("verifyTask: state", () => {
  it("gives 1 for the gold change, volatile columns differing", () => {
    const result = verifyTask(writing, spec(), {
      changes: insertInvoice(9001, "2031-05-05T10:00:00Z"),
    });
    expect(result.reward).toBe(1);
    expect(result.components.state).toMatchObject({ score: 1, weight: 1 });
    expect(result.components.answer).toBeUndefined();
    expect(result.diff).toEqual({ missing: [], unexpected: [] });
  });

  it("gives 0 for doing nothing on a writing task", () => {
    const result = verifyTask(writing, spec(), { changes: {} });
    expect(result.reward).toBe(0);
    expect(result.diff.missing).toEqual([
      { table: "Invoice", op: "insert", row: { CustomerId: 5, Total: 1.98 } },
    ]);
  });

  it("gives 0 for a wrong value and lists the missing and the unexpected change", () => {
    const truth: GroundTruth = { changes: renameArtist("ACDC"), volatile: {}, digest: "d" };
    const result = verifyTask(truth, spec(), { changes: renameArtist("AC-DC") });
    expect(result.reward).toBe(0);
    expect(result.diff.missing).toEqual([
      { table: "Artist", op: "update", row: { ArtistId: 1, Name: "ACDC" } },
    ]);
    expect(result.diff.unexpected).toEqual([
      { table: "Artist", op: "update", row: { ArtistId: 1, Name: "AC-DC" } },
    ]);
    expect(verifyTask(truth, spec(), { changes: renameArtist("ACDC") }).reward).toBe(1);
  });

  it("counts changes to other tables as unexpected", () => {
    const changes = { ...insertInvoice(1, "x"), ...renameArtist("Other") };
    const result = verifyTask(writing, spec(), { changes });
    expect(result.reward).toBe(0);
    expect(result.diff.unexpected.map((c) => c.table)).toEqual(["Artist"]);
  });

  it("scores the share of expected changes under partial credit", () => {
    const truth: GroundTruth = {
      changes: { ...insertInvoice(1, "x"), ...renameArtist("ACDC") },
      volatile: { Invoice: ["InvoiceId", "InvoiceDate"] },
      digest: "d",
    };
    const partial = spec({ partialCredit: true });
    // One of two expected, nothing extra: 1 / 2.
    expect(verifyTask(truth, partial, { changes: renameArtist("ACDC") }).reward).toBe(0.5);
    // One of two expected plus one unexpected: 1 / (2 + 1).
    const withExtra = { ...renameArtist("ACDC"), ...insertInvoice(2, "y", 5) };
    expect(verifyTask(truth, partial, { changes: withExtra }).reward).toBe(0.333333);
    expect(verifyTask(truth, spec(), { changes: renameArtist("ACDC") }).reward).toBe(0);
  });

  it("compares inserted rows as a multiset", () => {
    const twice: StateDiff = {
      Invoice: {
        inserted: [
          ...(insertInvoice(1, "a").Invoice?.inserted ?? []),
          ...(insertInvoice(2, "b").Invoice?.inserted ?? []),
        ],
        deleted: [],
        updated: [],
      },
    };
    const result = verifyTask(writing, spec({ partialCredit: true }), { changes: twice });
    expect(result.reward).toBe(0.5);
    expect(result.diff.unexpected).toHaveLength(1);
  });
});

describe("verifyTask: answers, weights and the read-only guard", () => {
  const readOnly: GroundTruth = {
    answer: { value: 23.86, match: { kind: "numeric", tolerance: 1e-6 } },
    changes: {},
    volatile: {},
    digest: "d",
  };

  it("scores a read-only task by its answer; doing nothing earns nothing", () => {
    const right = verifyTask(readOnly, spec(), { changes: {}, answer: "The total is $23.86" });
    expect(right.reward).toBe(1);
    expect(right.components.state).toMatchObject({ score: 1, weight: 0 });
    expect(verifyTask(readOnly, spec(), { changes: {} }).reward).toBe(0);
    expect(verifyTask(readOnly, spec(), { changes: {}, answer: 24 }).reward).toBe(0);
  });

  it("penalises writes on a read-only task", () => {
    const result = verifyTask(readOnly, spec(), { changes: renameArtist("X"), answer: 23.86 });
    expect(result.components.state).toMatchObject({ score: 0, weight: 1 });
    expect(result.reward).toBe(0.5);
    expect(result.diff.unexpected).toHaveLength(1);
  });

  it("takes the weighted mean of state and answer", () => {
    const truth: GroundTruth = { ...writing, answer: { value: "done", match: { kind: "exact" } } };
    const weighted = spec({ weights: { state: 3, answer: 1, rubric: 0 } });
    const changes = insertInvoice(7, "z");
    expect(verifyTask(truth, weighted, { changes, answer: "nope" }).reward).toBe(0.75);
    expect(verifyTask(truth, weighted, { changes: {}, answer: "Done" }).reward).toBe(0.25);
    expect(verifyTask(truth, weighted, { changes, answer: "done" }).reward).toBe(1);
  });

  it("scores the rubric from the judge's score, 0 when no judge ran", () => {
    const judged = spec({ weights: { state: 1, answer: 1, rubric: 2 } });
    const none = verifyTask(writing, judged, { changes: insertInvoice(1, "a") });
    expect(none.components.rubric).toEqual({
      score: 0,
      weight: 2,
      detail: "rubric judge not configured",
    });
    expect(none.reward).toBe(0.333333);
    const scored = verifyTask(writing, judged, {
      changes: insertInvoice(1, "a"),
      rubricScore: 0.5,
    });
    expect(scored.reward).toBe(0.666667);
    expect(verifyTask(writing, spec(), { changes: {} }).components.rubric).toBeUndefined();
  });
});

describe("volatileColumns", () => {
  it("finds inserted and updated columns that moved between seeds", () => {
    const gold: StateDiff = {
      ...insertInvoice(413, "2025-01-01"),
      Track: {
        inserted: [],
        deleted: [],
        updated: [
          {
            key: { TrackId: 3 },
            before: { TrackId: 3, Plays: 0, TouchedAt: "a" },
            after: { TrackId: 3, Plays: 1, TouchedAt: "b" },
            changedColumns: ["Plays", "TouchedAt"],
          },
        ],
      },
    };
    const perturbed: StateDiff = {
      ...insertInvoice(9001, "2031-05-05"),
      Track: {
        inserted: [],
        deleted: [],
        updated: [
          {
            key: { TrackId: 3 },
            before: { TrackId: 3, Plays: 0, TouchedAt: "a" },
            after: { TrackId: 3, Plays: 1, TouchedAt: "c" },
            changedColumns: ["Plays", "TouchedAt"],
          },
        ],
      },
    };
    expect(volatileColumns(gold, perturbed)).toEqual({
      Invoice: ["InvoiceDate", "InvoiceId"],
      Track: ["TouchedAt"],
    });
    expect(volatileColumns(gold, gold)).toEqual({});
  });

  it("pairs inserted rows by likeness, not by position", () => {
    const rows = (a: string, b: string): StateDiff => ({
      Note: {
        inserted: [
          { Id: a, Text: "first" },
          { Id: b, Text: "second" },
        ],
        deleted: [],
        updated: [],
      },
    });
    const reordered: StateDiff = {
      Note: {
        inserted: [...(rows("q", "p").Note?.inserted ?? [])].reverse(),
        deleted: [],
        updated: [],
      },
    };
    expect(volatileColumns(rows("x", "y"), reordered)).toEqual({ Note: ["Id"] });
  });

  it("maskRow drops the named columns, case-insensitively", () => {
    expect(maskRow({ Id: 1, Name: "a", CreatedAt: "t" }, ["id", "CreatedAt"])).toEqual({
      Name: "a",
    });
    expect(maskRow({ Id: 1 }, undefined)).toEqual({ Id: 1 });
  });
});
