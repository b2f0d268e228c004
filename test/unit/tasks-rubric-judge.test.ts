// The optional rubric judge against a real OpenAI-compatible HTTP server with scripted answers:
// its score becomes the rubric component; a failing or unreadable judge scores 0 with the reason;
// the judge sees the instruction, the rubric, the answer and the changes.
import { describe, expect, it } from "vitest";
import { judgeRubric, readVerdict } from "../../core/tasks/rubric-judge";
import { verifyTask } from "../../core/tasks/verify";
import { useScriptedLlm } from "../support/scripted-llm-client";
import { answer } from "../support/scripted-openai-server";

const scripted = useScriptedLlm("judge");
const judge = scripted.llm;

const rubricCase = {
  instruction: "Apologise to customer 5 and refund invoice 12.",
  rubric: "The reply must apologise and mention the refunded amount.",
  answer: "Sorry! 3.96 was refunded.",
  changes: {
    invoices: {
      inserted: [],
      deleted: [],
      updated: [
        {
          key: { InvoiceId: 12 },
          before: { InvoiceId: 12, Status: "paid" },
          after: { InvoiceId: 12, Status: "refunded" },
          changedColumns: ["Status"],
        },
      ],
    },
  },
};

describe("rubric judge", () => {
  it("scores with the judge's verdict and shows it the whole case", async () => {
    scripted
      .server()
      .enqueue(answer('```json\n{"score": 0.75, "reason": "apologises, amount right"}\n```'));
    const verdict = await judgeRubric(judge(), rubricCase);
    expect(verdict.score).toBe(0.75);
    expect(verdict.detail).toBe("rubric judge (judge): apologises, amount right");
    const prompt = scripted.lastPrompt();
    expect(prompt).toContain("refund invoice 12");
    expect(prompt).toContain("mention the refunded amount");
    expect(prompt).toContain('"Sorry! 3.96 was refunded."');
    expect(prompt).toContain('"Status":"paid"} -> {"InvoiceId":12,"Status":"refunded"}');

    const verification = verifyTask(
      { changes: {}, volatile: {}, digest: "d" } as never,
      { weights: { state: 0, answer: 0, rubric: 1 }, partialCredit: false, rubric: "r" },
      { changes: {}, rubricScore: verdict.score, rubricDetail: verdict.detail },
    );
    expect(verification.components.rubric).toEqual({
      score: 0.75,
      weight: 1,
      detail: verdict.detail,
    });
  });

  it("scores 0 with the reason when the judge fails or answers no usable score", async () => {
    scripted.server().enqueue({ kind: "status", status: 500 });
    const down = await judgeRubric(judge(), rubricCase);
    expect(down.score).toBe(0);
    expect(down.detail).toMatch(/^rubric judge failed: /);

    scripted.server().enqueue(answer("Looks great to me!"));
    const prose = await judgeRubric(judge(), rubricCase);
    expect(prose).toMatchObject({ score: 0 });
    expect(prose.detail).toMatch(/no usable score/);

    scripted.server().enqueue(answer('{"score": 7}'));
    expect((await judgeRubric(judge(), rubricCase)).score).toBe(0);
  });

  it("reads a verdict bare, fenced or with a numeric string; refuses out-of-range scores", () => {
    expect(readVerdict('{"score": 1, "reason": "ok"}')).toEqual({ score: 1, reason: "ok" });
    expect(readVerdict('Verdict: {"score": "0.5"}')).toEqual({
      score: 0.5,
      reason: "no reason given",
    });
    expect(readVerdict('{"score": -0.1}')).toBeNull();
    expect(readVerdict("no json")).toBeNull();
  });
});
