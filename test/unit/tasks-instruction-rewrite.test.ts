// The optional LLM rewrite of task instructions, against a real OpenAI-compatible HTTP server with
// scripted answers and the real Chinook synthesis world: an accepted paraphrase replaces the
// templated instruction without changing task ids; a rewrite that leaks, drops a value or fails is
// refused and the original kept; without a model nothing changes and the report says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LlmClient } from "../../core/llm/llm-client";
import { createOpenAiClient } from "../../core/llm/openai-client";
import {
  lostValues,
  REWRITE_SYSTEM_PROMPT,
  rewriteInstruction,
  statedValues,
} from "../../core/tasks/instruction-rewrite";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
import {
  answer,
  type ScriptedOpenAiServer,
  startScriptedOpenAiServer,
} from "../support/scripted-openai-server";
import { catalogSpec, type NodeWorld, nodeWorld } from "../support/synthesis-harness";

describe("statedValues", () => {
  it("finds numbers, ISO dates, emails and double-quoted values, each once and whole", () => {
    expect(
      statedValues(
        "Tell me the billing city of the invoice dated 2022-09-23 of the customer of invoice 329.",
      ),
    ).toEqual(["2022-09-23", "329"]);
    expect(
      statedValues(
        'Email terhi.hamalainen@apple.fi about "Whole Lotta Rosie 2" and refund $8.91 on 1,234 items.',
      ),
    ).toEqual(["Whole Lotta Rosie 2", "terhi.hamalainen@apple.fi", "8.91", "1,234"]);
    expect(statedValues("Find the artist with the most albums and tell me their name.")).toEqual(
      [],
    );
  });

  it("counts a number as kept only when it stands on its own", () => {
    const original = "Refund line 382 of invoice 12.";
    expect(lostValues(original, "Please refund line 382 on invoice 12, thanks.")).toEqual([]);
    expect(lostValues(original, "Please refund line 3823 on invoice 12.")).toEqual(["382"]);
    expect(lostValues(original, "Please refund line 382 on invoice 1.12.")).toEqual(["12"]);
    expect(lostValues('Add "Go Down" to it.', "Add Go Down to it.")).toEqual([]);
    expect(lostValues('Add "Go Down" to it.', "Add go down to it.")).toEqual(["Go Down"]);
  });
});

describe("rewriteInstruction", () => {
  let server: ScriptedOpenAiServer;
  let llm: LlmClient;
  const instruction = "Tell me the billing city of the customer of invoice 329.";
  const leakCheck = {
    toolNames: ["get_invoice", "get_customer"],
    identifiers: ["CustomerId", "BillingCity"],
    hidden: [17],
    answer: "Oslo",
  };

  beforeAll(async () => {
    server = await startScriptedOpenAiServer();
    llm = createOpenAiClient(
      { baseUrl: server.baseUrl, apiKey: "", model: "rewriter" },
      { retry: { maxAttempts: 1 } },
    );
  });
  afterAll(() => server.close());

  it("sends one temperature-0 completion with the instruction and keeps a clean paraphrase", async () => {
    const before = server.requests.length;
    server.enqueue(answer('"Which city was invoice 329 billed to?"'));
    const outcome = await rewriteInstruction(llm, { instruction, leakCheck });
    expect(outcome).toMatchObject({
      instruction: "Which city was invoice 329 billed to?",
      rewritten: true,
    });
    expect(outcome.reason).toBeUndefined();
    expect(outcome.usage.totalTokens).toBe(150);
    expect(server.requests.length).toBe(before + 1);
    expect(server.requests[before]?.body).toMatchObject({
      model: "rewriter",
      temperature: 0,
      messages: [
        { role: "system", content: REWRITE_SYSTEM_PROMPT },
        { role: "user", content: instruction },
      ],
    });
  });

  it("refuses a rewrite that reveals a hidden value, the answer or a raw name", async () => {
    server.enqueue(
      answer("Which city is customer 17 in? That is the one on invoice 329."),
      answer("Invoice 329 was billed to Oslo, right?"),
      answer("What BillingCity does invoice 329 have?"),
      answer("   "),
    );
    const reasons: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      const outcome = await rewriteInstruction(llm, { instruction, leakCheck });
      expect(outcome.instruction).toBe(instruction);
      expect(outcome.rewritten).toBe(false);
      reasons.push(outcome.reason);
    }
    expect(reasons).toEqual([
      "leak: gives the hidden value 17",
      'leak: gives the answer "Oslo"',
      "leak: uses the raw name BillingCity",
      "empty",
    ]);
  });
});

describe("synthesis with the instruction rewrite on Chinook", () => {
  let env: NodeWorld;
  let server: ScriptedOpenAiServer;
  let llm: LlmClient;
  let baseline: Task[];
  const fixedClock = () => 1_700_000_000_000;
  const request = (rewrite?: boolean) =>
    SynthesisShardSchema.parse({
      count: 3,
      strategy: "mixed",
      seed: "rewrite",
      ...(rewrite === undefined ? {} : { rewrite }),
    });

  beforeAll(async () => {
    env = await nodeWorld(catalogSpec("chinook"));
    server = await startScriptedOpenAiServer();
    llm = createOpenAiClient(
      { baseUrl: server.baseUrl, apiKey: "", model: "rewriter" },
      { retry: { maxAttempts: 2 }, sleep: async () => {} },
    );
    baseline = (await synthesizeTasks(env.world, request(), fixedClock)).tasks;
    expect(baseline).toHaveLength(3);
  });
  afterAll(async () => {
    await server.close();
    env.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  it("keeps accepted paraphrases and leaves ids, dedupe keys and ground truth as without them", async () => {
    const paraphrases = baseline.map(
      (t) => `Quick question from our support desk: ${t.instruction}`,
    );
    server.enqueue(...paraphrases.map((p) => answer(p)));
    const { tasks, report } = await synthesizeTasks(env.world, request(true), fixedClock, {
      rewriter: llm,
    });
    expect(tasks.map((t) => t.instruction)).toEqual(paraphrases);
    expect(tasks.map((t) => ({ ...t, instruction: "" }))).toEqual(
      baseline.map((t) => ({ ...t, instruction: "" })),
    );
    expect(server.requests.map((_, i) => server.promptText(i))).toEqual(
      baseline.map((t) => `${REWRITE_SYSTEM_PROMPT}\n${t.instruction}`),
    );
    expect(report.rewrite).toEqual({
      status: "ran",
      rewritten: 3,
      kept: 0,
      reasons: {},
      examples: [],
      usage: { promptTokens: 300, completionTokens: 150, totalTokens: 450 },
    });
  });

  it("keeps the original when a rewrite names a tool, drops a value or the model fails", async () => {
    const [first, second] = baseline.map((t) => t.instruction);
    const tool = env.spec.tools[0]?.name ?? "";
    const dropped = statedValues(second ?? "")[0] ?? "";
    expect(dropped).not.toBe("");
    server.enqueue(
      answer(`${first} You can look it up with ${tool}.`),
      answer((second ?? "").replace(dropped, "that one")),
      { kind: "status", status: 500, message: "model overloaded" },
      { kind: "status", status: 500, message: "model overloaded" },
    );
    const { tasks, report } = await synthesizeTasks(env.world, request(true), fixedClock, {
      rewriter: llm,
    });
    expect(tasks).toEqual(baseline);
    expect(server.requests).toHaveLength(4);
    expect(report.rewrite?.status).toBe("ran");
    expect(report.rewrite?.rewritten).toBe(0);
    expect(report.rewrite?.kept).toBe(3);
    expect(report.rewrite?.reasons).toEqual({ leak: 1, "lost value": 1, llm: 1 });
    expect(report.rewrite?.examples[0]).toBe(`leak: names the tool ${tool}`);
    expect(report.rewrite?.examples[1]).toBe(`lost value ${JSON.stringify(dropped)}`);
    expect(report.rewrite?.examples[2]).toMatch(/^llm: .*HTTP 500: model overloaded/);
  });

  it("says 'not configured' and changes nothing when asked without a model", async () => {
    const { tasks, report } = await synthesizeTasks(env.world, request(true), fixedClock);
    expect(tasks).toEqual(baseline);
    expect(report.rewrite).toMatchObject({ status: "not configured", rewritten: 0, kept: 3 });
    expect(server.requests).toHaveLength(0);
  });

  it("without a rewrite request gives the same tasks every time and never calls the model", async () => {
    const again = await synthesizeTasks(env.world, request(false), fixedClock, { rewriter: llm });
    expect(again.tasks).toEqual(baseline);
    expect(again.report.rewrite).toMatchObject({ status: "not requested", rewritten: 0, kept: 3 });
    expect(server.requests).toHaveLength(0);
  });
});
