// How admission compares a test's expectation with what the tool did: results (exact or subset)
// and per-table change counts, each mismatch told as "where, expected what, got what".
import { describe, expect, it } from "vitest";
import {
  changesMismatch,
  describeChanges,
  normalizeChanges,
} from "../../core/environment/change-counts";
import { firstMismatch } from "../../core/environment/json-match";

describe("firstMismatch", () => {
  const actual = {
    total: 2,
    tracks: [
      { id: 1, name: "Go Down" },
      { id: 2, name: "Overdose" },
    ],
  };

  it("accepts equal JSON regardless of key order", () => {
    const expected = {
      tracks: [
        { name: "Go Down", id: 1 },
        { name: "Overdose", id: 2 },
      ],
      total: 2,
    };
    expect(firstMismatch(expected, actual, "exact")).toBeNull();
  });

  it("points at the first differing value", () => {
    const expected = {
      total: 2,
      tracks: [
        { id: 1, name: "Go Down" },
        { id: 2, name: "Stop" },
      ],
    };
    expect(firstMismatch(expected, actual, "exact")).toBe(
      'at /tracks/1/name: expected "Stop", got "Overdose"',
    );
  });

  it("exact refuses extra keys; subset ignores them", () => {
    expect(firstMismatch({ total: 2 }, actual, "exact")).toBe(
      'the result: unexpected key "tracks"',
    );
    expect(firstMismatch({ total: 2 }, actual, "subset")).toBeNull();
    expect(firstMismatch({ tracks: [{ id: 1 }, { id: 2 }] }, actual, "subset")).toBeNull();
  });

  it("subset still compares arrays element by element with the same length", () => {
    expect(firstMismatch({ tracks: [{ id: 1 }] }, actual, "subset")).toBe(
      "at /tracks: expected 1 items, got 2",
    );
    expect(firstMismatch({ tracks: [{ id: 2 }, { id: 1 }] }, actual, "subset")).toBe(
      "at /tracks/0/id: expected 2, got 1",
    );
  });

  it("tells missing keys, wrong types and nulls apart", () => {
    expect(firstMismatch({ album: "x" }, actual, "subset")).toBe('the result: missing key "album"');
    expect(firstMismatch({ total: "2" }, actual, "subset")).toBe('at /total: expected "2", got 2');
    expect(firstMismatch({ tracks: null }, actual, "subset")).toBe(
      'at /tracks: expected null, got [{"id":1,"name":"Go Down"},{"id":2,"name":"Overdose"}]',
    );
    expect(firstMismatch({ a: 1 }, [1], "exact")).toBe("the result: expected an object, got [1]");
  });
});

describe("change counts", () => {
  it("fills zeros and drops unchanged tables", () => {
    expect(normalizeChanges({ Invoice: { inserted: 1 }, Track: {} })).toEqual({
      Invoice: { inserted: 1, updated: 0, deleted: 0 },
    });
  });

  it("matches table names case-insensitively", () => {
    expect(changesMismatch({ invoice: { inserted: 1 } }, { Invoice: { inserted: 1 } })).toBeNull();
  });

  it("names every table that differs", () => {
    expect(
      changesMismatch(
        { Invoice: { inserted: 1 }, InvoiceLine: { inserted: 2 } },
        { Invoice: { inserted: 1 }, InvoiceLine: { inserted: 1 }, Customer: { updated: 1 } },
      ),
    ).toBe(
      "Customer changed (inserted 0, updated 1, deleted 0) but the test expects no change; " +
        "InvoiceLine expected inserted 2, updated 0, deleted 0, got inserted 1, updated 0, deleted 0",
    );
    expect(changesMismatch({ Playlist: { inserted: 1 } }, {})).toBe(
      "Playlist expected inserted 1, updated 0, deleted 0, got no change",
    );
    expect(describeChanges({})).toBe("no change");
  });
});
