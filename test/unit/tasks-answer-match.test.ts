// Final answers against gold ones: normalised equality, whole-phrase and last-number reading of
// prose, numeric tolerance, order-free sets and JSON containment.
import { describe, expect, it } from "vitest";
import { matchAnswer } from "../../core/tasks/answer-match";
import type { AnswerMatch } from "../../core/tasks/task";

const exact: AnswerMatch = { kind: "exact" };
const numeric: AnswerMatch = { kind: "numeric", tolerance: 1e-6 };
const set: AnswerMatch = { kind: "set" };
const subset: AnswerMatch = { kind: "json-subset" };

describe("matchAnswer: exact", () => {
  it("normalises case, whitespace, Unicode and numeric strings", () => {
    expect(matchAnswer("AC/DC", exact, "  ac/dc ").score).toBe(1);
    expect(matchAnswer("Led  Zeppelin", exact, "led zeppelin").score).toBe(1);
    expect(matchAnswer("Beyonc\u00e9", exact, "Beyonce\u0301").score).toBe(1);
    expect(matchAnswer(12.5, exact, "12.50").score).toBe(1);
    expect(matchAnswer("12.50", exact, 12.5).score).toBe(1);
    expect(matchAnswer({ b: [1, "X"], a: 2 }, exact, { a: "2", b: [1, "x"] }).score).toBe(1);
    expect(matchAnswer([1, 2], exact, [2, 1]).score).toBe(0);
    expect(matchAnswer({ id: 3 }, exact, 'Result: {"id": "3"}').score).toBe(1);
    expect(matchAnswer("Accept", exact, "Aerosmith").score).toBe(0);
  });

  it("finds a scalar gold value as a whole phrase in a text answer", () => {
    expect(matchAnswer(23.86, exact, "The total is 23.86.").score).toBe(1);
    expect(matchAnswer(23.86, exact, "The total is 123.86.").score).toBe(0);
    expect(matchAnswer(23.86, exact, "The total is 23.861").score).toBe(0);
    expect(matchAnswer(1234.5, exact, "It came to $1,234.50 in all").score).toBe(1);
    expect(matchAnswer("AC/DC", exact, "The artist is AC/DC.").score).toBe(1);
    expect(matchAnswer("Rock", exact, "The genre is Rock and Roll").score).toBe(1);
    expect(matchAnswer("Rock", exact, "The genre is Rockabilly").score).toBe(0);
    expect(matchAnswer(true, exact, "Yes, it is.").score).toBe(1);
    expect(matchAnswer(true, exact, "No.").score).toBe(0);
    expect(matchAnswer("", exact, "anything").score).toBe(0);
  });

  it("gives 0 for a missing answer", () => {
    expect(matchAnswer(1, exact, undefined)).toEqual({ score: 0, detail: "no answer" });
    expect(matchAnswer([1], set, undefined).score).toBe(0);
  });
});

describe("matchAnswer: numeric", () => {
  it("accepts numbers within the relative tolerance", () => {
    expect(matchAnswer(100, { kind: "numeric", tolerance: 0.01 }, 100.9).score).toBe(1);
    expect(matchAnswer(100, { kind: "numeric", tolerance: 0.01 }, 101.5).score).toBe(0);
    expect(matchAnswer(0.5, numeric, 0.5000000001).score).toBe(1);
    expect(matchAnswer("3.99", numeric, 3.99).score).toBe(1);
  });

  it("reads the last (or only) number of a text answer, currency and separators included", () => {
    expect(matchAnswer(1234.5, numeric, "$1,234.50").score).toBe(1);
    expect(matchAnswer(23.86, numeric, "Invoice 412 totals $23.86.").score).toBe(1);
    expect(matchAnswer(23.86, numeric, "$23.86 for invoice 412").score).toBe(0);
    expect(matchAnswer(-4, numeric, "The balance is -4").score).toBe(1);
    expect(matchAnswer(5, numeric, "five").score).toBe(0);
    expect(matchAnswer(5, numeric, { total: 5 }).score).toBe(1);
  });

  it("compares structured gold values number by number", () => {
    expect(matchAnswer({ n: 1, s: "a" }, numeric, '{"n": 1.0000000001, "s": "A"}').score).toBe(1);
    expect(matchAnswer([1, 2], numeric, [1, 2.1]).score).toBe(0);
  });
});

describe("matchAnswer: set", () => {
  it("ignores order in arrays and reads lists from text", () => {
    expect(matchAnswer(["AC/DC", "Accept"], set, ["accept", "AC/DC"]).score).toBe(1);
    expect(matchAnswer(["AC/DC", "Accept"], set, "Accept and AC/DC").score).toBe(1);
    expect(
      matchAnswer(["AC/DC", "Accept", "Aerosmith"], set, "AC/DC, Accept, and Aerosmith.").score,
    ).toBe(1);
    expect(matchAnswer([1, 2, 3], set, "- 3\n- 1\n- 2").score).toBe(1);
    expect(matchAnswer([1, 2, 3], set, "[3, 2, 1]").score).toBe(1);
    expect(
      matchAnswer(["Simon and Garfunkel", "Queen"], set, "Simon and Garfunkel, Queen").score,
    ).toBe(1);
  });

  it("fails on a missing or an extra element", () => {
    expect(matchAnswer([1, 2, 3], set, [1, 2])).toEqual({
      score: 0,
      detail: "1 missing, 0 unexpected",
    });
    expect(matchAnswer([1, 2], set, [1, 2, 4]).score).toBe(0);
  });
});

describe("matchAnswer: json-subset", () => {
  it("needs every gold key and element, allowing extra ones", () => {
    const gold = { customer: { id: 5, city: "Paris" }, tracks: [1, 2] };
    expect(
      matchAnswer(gold, subset, { customer: { id: 5, city: "paris", x: 1 }, tracks: [2, 3, 1] })
        .score,
    ).toBe(1);
    expect(
      matchAnswer(gold, subset, 'Here: {"customer":{"id":"5","city":"Paris"},"tracks":[1,2]}')
        .score,
    ).toBe(1);
    const missing = matchAnswer(gold, subset, { customer: { id: 5 }, tracks: [1, 2] });
    expect(missing).toEqual({ score: 0, detail: "$.customer.city: missing" });
    expect(
      matchAnswer(gold, subset, { customer: { id: 5, city: "Paris" }, tracks: [1] }).score,
    ).toBe(0);
    expect(matchAnswer(gold, subset, "not json").score).toBe(0);
  });
});
