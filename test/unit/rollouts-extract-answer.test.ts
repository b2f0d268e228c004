// Reading the final answer out of the model's last message, and checking that what it reads is
// what the task verifier (core/tasks/answer-match.ts) accepts for each kind of ground truth.
import { describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { extractAnswer } from "../../core/rollouts/extract-answer";
import { DEFAULT_SYSTEM_PROMPT } from "../../core/rollouts/system-prompt";
import { matchAnswer } from "../../core/tasks/answer-match";
import type { AnswerMatch } from "../../core/tasks/task";

describe("extractAnswer", () => {
  it("reads no answer from an empty message or DONE", () => {
    expect(extractAnswer("")).toBeNull();
    expect(extractAnswer("  \n ")).toBeNull();
    expect(extractAnswer("DONE")).toBeNull();
    expect(extractAnswer(" done.\n")).toBeNull();
    expect(extractAnswer("Final answer: DONE")).toBeNull();
  });

  it("takes a message that is all JSON as that value", () => {
    expect(extractAnswer("42")).toBe(42);
    expect(extractAnswer(" 42.5\n")).toBe(42.5);
    expect(extractAnswer('"Rock"')).toBe("Rock");
    expect(extractAnswer('["a", "b"]')).toEqual(["a", "b"]);
    expect(extractAnswer('{"name": "AC/DC", "albums": 2}')).toEqual({ name: "AC/DC", albums: 2 });
    expect(extractAnswer("true")).toBe(true);
  });

  it("takes the last fenced JSON block", () => {
    const text = 'Looked it up.\n```json\n{"draft": 1}\n```\nSo:\n```json\n["x", "y"]\n```';
    expect(extractAnswer(text)).toEqual(["x", "y"]);
    expect(extractAnswer("Here:\n```\n17\n```")).toBe(17);
  });

  it("takes the value of a last line labelled Answer or Final answer", () => {
    expect(extractAnswer("The album has 10 tracks.\nAnswer: 10")).toBe(10);
    expect(extractAnswer("I checked both.\nFinal answer: Heavy Metal")).toBe("Heavy Metal");
    expect(extractAnswer('Two genres.\n**Final answer:** ["Rock", "Jazz"]')).toEqual([
      "Rock",
      "Jazz",
    ]);
    expect(extractAnswer('answer: "AC/DC"')).toBe("AC/DC");
  });

  it("reads past the thinking a reasoning model leaves in its content", () => {
    expect(extractAnswer("<think>Album 1 is by AC/DC, so 10 tracks.</think>\n10")).toBe(10);
    expect(extractAnswer("<think>all changed</think>DONE")).toBeNull();
  });

  it("keeps any other text, trimmed", () => {
    expect(extractAnswer("  The artist is AC/DC.  ")).toBe("The artist is AC/DC.");
    // A fence that holds no JSON does not hide the text around it.
    expect(extractAnswer("```\nnot json\n```")).toBe("```\nnot json\n```");
    // "Answer:" only counts on the last line.
    expect(extractAnswer("Answer: 3\nbut I am not sure")).toBe("Answer: 3\nbut I am not sure");
  });
});

describe("extracted answers against the task verifier", () => {
  const cases: { reply: string; gold: Json; match: AnswerMatch }[] = [
    { reply: "42", gold: 42, match: { kind: "numeric", tolerance: 1e-6 } },
    { reply: "42.0", gold: 42, match: { kind: "numeric", tolerance: 1e-6 } },
    { reply: "Answer: 39.6", gold: 39.6, match: { kind: "numeric", tolerance: 1e-6 } },
    { reply: "42", gold: 42, match: { kind: "exact" } },
    { reply: '"Rock"', gold: "Rock", match: { kind: "exact" } },
    { reply: "Rock", gold: "Rock", match: { kind: "exact" } },
    { reply: '["a","b"]', gold: ["b", "a"], match: { kind: "set" } },
    { reply: '```json\n["Jazz", "Rock"]\n```', gold: ["Rock", "Jazz"], match: { kind: "set" } },
    {
      reply: '{"customerId": 5, "email": "x@y.z", "extra": 1}',
      gold: { customerId: 5, email: "x@y.z" },
      match: { kind: "json-subset" },
    },
  ];
  for (const { reply, gold, match } of cases) {
    it(`${JSON.stringify(reply)} passes ${match.kind} against ${JSON.stringify(gold)}`, () => {
      const answer = extractAnswer(reply);
      expect(matchAnswer(gold, match, answer ?? undefined)).toMatchObject({ score: 1 });
    });
  }

  it("does not pass a wrong answer", () => {
    expect(
      matchAnswer(42, { kind: "numeric", tolerance: 1e-6 }, extractAnswer("43") ?? undefined),
    ).toMatchObject({ score: 0 });
    expect(
      matchAnswer(["a", "b"], { kind: "set" }, extractAnswer('["a"]') ?? undefined),
    ).toMatchObject({ score: 0 });
  });
});

describe("DEFAULT_SYSTEM_PROMPT", () => {
  it("tells the model how to end so extractAnswer can read it", () => {
    expect(DEFAULT_SYSTEM_PROMPT).toMatch(/WITHOUT any tool call/);
    expect(DEFAULT_SYSTEM_PROMPT).toMatch(/JSON value/);
    expect(DEFAULT_SYSTEM_PROMPT).toMatch(/\bDONE\b/);
    expect(DEFAULT_SYSTEM_PROMPT).toMatch(/Never invent ids/);
  });
});
