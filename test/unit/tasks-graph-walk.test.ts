// Graph-walk task synthesis on real data (Chinook, NYC flights): walks of the requested length with
// dependent calls, the same draft for the same seed, instructions that give nothing away, and a
// rendered program that replays exactly the walk's calls (as plain JS and in the QuickJS sandbox).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import type { ToolRunner } from "../../core/episode/tool-runner";
import { createPrng } from "../../core/sandbox/determinism";
import type {
  DraftAttempt,
  DraftTarget,
  GeneratorContext,
  TaskDraft,
} from "../../core/tasks/draft";
import { walkGraphTask } from "../../core/tasks/graph-walk/graph-walk";
import { identifierNames } from "../../core/tasks/identifier-names";
import { instructionLeaks } from "../../core/tasks/phrasing/phrasing";
import { createSampler } from "../../core/tasks/sampler";
import { buildToolGraph } from "../../core/tasks/tool-graph";
import type { ToolProfile } from "../../core/tasks/tool-profile";
import { profileTools } from "../../core/tasks/tool-profiles";
import type { ValueSampler } from "../../core/tasks/value-sampler";
import { catalogSpec, type NodeWorld, nodeWorld } from "../support/synthesis-harness";

const worlds = new Map<string, NodeWorld>();
beforeAll(async () => {
  for (const name of ["chinook", "nyc-flights"])
    worlds.set(name, await nodeWorld(catalogSpec(name)));
});
afterAll(() => {
  for (const w of worlds.values()) w.close();
});

function world(name: string): NodeWorld {
  const nw = worlds.get(name);
  if (!nw) throw new Error(`no world ${name}`);
  return nw;
}

interface Setup {
  profiles: ToolProfile[];
  sampler?: ValueSampler;
}

function walk(name: string, seed: string, target: DraftTarget, setup?: Setup): DraftAttempt {
  const nw = world(name);
  const profiles = setup?.profiles ?? profileTools(nw.world.tools);
  const graph = buildToolGraph(profiles);
  const sampler = setup?.sampler ?? createSampler(nw.world.db, nw.world.tools);
  return nw.world.fresh({ seed, clockStart: nw.world.clockStart }, (runner) => {
    const ctx: GeneratorContext = {
      graph,
      profiles: new Map(profiles.map((p) => [p.name, p])),
      sampler,
      rng: createPrng(seed),
      runner,
    };
    return walkGraphTask(ctx, target);
  }).value;
}

/** Runs the program as a plain function in Node, its ctx.call going to a fresh runner. */
function replayInNode(name: string, seed: string, program: string) {
  const nw = world(name);
  return nw.world.fresh({ seed, clockStart: nw.world.clockStart }, (runner: ToolRunner) => {
    const calls: { tool: string; args: Json }[] = [];
    const ctx = {
      call(tool: string, args: Record<string, Json>) {
        calls.push({ tool, args });
        const outcome = runner.call(tool, JSON.parse(JSON.stringify(args)));
        if (!outcome.ok) throw new Error(`${tool}: ${outcome.error.code}`);
        return outcome.result;
      },
    };
    // The program is the generator's own output, evaluated to check it replays the walk.
    const fn = new Function(`return (${program});`)() as (a: unknown, c: typeof ctx) => Json;
    return { answer: fn({}, ctx), calls };
  }).value;
}

function drafts(name: string, prefix: string, target: DraftTarget, count = 20) {
  const out: { seed: string; attempt: DraftAttempt }[] = [];
  for (let i = 0; i < count; i++) {
    const seed = `${prefix}:${i}`;
    out.push({ seed, attempt: walk(name, seed, target) });
  }
  return out;
}

function okDrafts(list: { seed: string; attempt: DraftAttempt }[]) {
  return list.flatMap(({ seed, attempt }) => (attempt.ok ? [{ seed, draft: attempt.draft }] : []));
}

function bindings(draft: TaskDraft): number {
  return (draft.chain ?? []).reduce((n, s) => n + Object.keys(s.bindings).length, 0);
}

describe.each([
  ["chinook", { chainLength: 3, minWrites: 0 }],
  ["chinook", { chainLength: 4, minWrites: 1 }],
  ["nyc-flights", { chainLength: 3, minWrites: 0 }],
  ["nyc-flights", { chainLength: 4, minWrites: 1 }],
] as const)("graph walks on %s %o", (name, target) => {
  const list = () => drafts(name, `${name}:${target.chainLength}:${target.minWrites}`, target);
  let made: ReturnType<typeof list> = [];
  beforeAll(() => {
    made = list();
  });

  it("mostly produce drafts of the requested length with dependent calls", () => {
    const ok = okDrafts(made);
    expect(ok.length).toBeGreaterThanOrEqual(14);
    const full = ok.filter(({ draft }) => draft.difficulty.chainLength === target.chainLength);
    expect(full.length).toBeGreaterThanOrEqual(ok.length * 0.7);
    for (const { draft } of ok) {
      expect(draft.kind).toBe("graph");
      expect(draft.difficulty.chainLength).toBeGreaterThanOrEqual(2);
      expect(draft.difficulty.writes).toBeGreaterThanOrEqual(target.minWrites);
      expect(draft.difficulty.branching).toBe(0);
      expect(bindings(draft)).toBeGreaterThanOrEqual(1);
      expect(draft.chain?.length).toBe(draft.difficulty.chainLength);
      if (!draft.answerMatch) expect(draft.difficulty.writes).toBeGreaterThan(0);
    }
  });

  it("is deterministic for a seed", () => {
    const again = list();
    expect(again.map((d) => JSON.stringify(d.attempt))).toEqual(
      made.map((d) => JSON.stringify(d.attempt)),
    );
  });

  it("replays the walk's calls and keeps answers and hidden values out of the instruction", () => {
    const nw = world(name);
    const check = {
      toolNames: nw.world.tools.map((t) => t.name),
      identifiers: identifierNames(nw.world.db, nw.world.tools),
    };
    for (const { seed, draft } of okDrafts(made)) {
      const replay = replayInNode(name, seed, draft.program);
      const expected = (draft.chain ?? []).map((s) => ({ tool: s.tool, args: s.args }));
      expect(replay.calls).toEqual(expected);
      const answer = draft.answerMatch ? replay.answer : null;
      expect(
        instructionLeaks(draft.instruction, { ...check, hidden: draft.hidden, answer }),
      ).toEqual([]);
      expect(draft.instruction).not.toMatch(/\b(id|ids)\b/i);
    }
  });
});

describe("graph walk programs in the sandbox", () => {
  it("replays in QuickJS with the same calls and answer as in Node", async () => {
    const nw = world("chinook");
    const ok = okDrafts(drafts("chinook", "sandbox", { chainLength: 3, minWrites: 0 }, 6));
    expect(ok.length).toBeGreaterThan(0);
    const programs = await nw.world.loadPrograms(ok.map((d) => d.draft.program));
    try {
      ok.forEach(({ seed, draft }, index) => {
        const episode = { seed, clockStart: nw.world.clockStart };
        const run = nw.world.fresh(episode, (runner) =>
          programs.run(index, runner, nw.world.programHost(episode)),
        ).value;
        expect(run.ok).toBe(true);
        if (!run.ok) return;
        expect(run.calls.map((c) => ({ tool: c.tool, args: c.args }))).toEqual(
          (draft.chain ?? []).map((s) => ({ tool: s.tool, args: s.args })),
        );
        expect(run.answer).toEqual(replayInNode("chinook", seed, draft.program).answer);
      });
    } finally {
      programs.dispose();
    }
  });
});

describe("graph walks that cannot be made", () => {
  it("needs two tools", () => {
    const all = profileTools(world("chinook").world.tools);
    const single = all.filter((p) => p.name === "find_customer");
    const out = walk("chinook", "single", { chainLength: 3, minWrites: 0 }, { profiles: single });
    expect(out).toMatchObject({ ok: false, reason: "too_few_tools" });
  });

  it("needs a start tool whose inputs real values fill", () => {
    const profiles = profileTools(world("chinook").world.tools).filter((p) =>
      ["get_customer", "get_invoice"].includes(p.name),
    );
    const empty: ValueSampler = { candidates: () => [] };
    const out = walk(
      "chinook",
      "empty",
      { chainLength: 3, minWrites: 0 },
      { profiles, sampler: empty },
    );
    expect(out).toMatchObject({ ok: false, reason: "no_start_values" });
  });

  it("names the tool and the input no earlier step produced at a dead end", () => {
    const nw = world("chinook");
    const profiles = profileTools(nw.world.tools).filter((p) =>
      ["find_customer", "reassign_support_rep"].includes(p.name),
    );
    const real = createSampler(nw.world.db, nw.world.tools);
    const noEmployees: ValueSampler = {
      candidates: (tool, input, limit, rng) =>
        input.key === "employeeid" ? [] : real.candidates(tool, input, limit, rng),
    };
    const out = walk(
      "chinook",
      "dead",
      { chainLength: 3, minWrites: 0 },
      {
        profiles,
        sampler: noEmployees,
      },
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.reason).toBe("dead_end");
    expect(out.detail).toContain("reassign_support_rep");
    expect(out.detail).toContain("employeeId");
  });

  it("refuses a chain shorter than two calls", () => {
    expect(walk("chinook", "short", { chainLength: 1, minWrites: 0 })).toMatchObject({
      ok: false,
      reason: "bad_target",
    });
  });
});
