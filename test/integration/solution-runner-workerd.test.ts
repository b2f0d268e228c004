// Solution programs inside workerd, on a Durable Object's own SQLite: `ctx.storage.transactionSync`
// nests, so a failing call keeps no partial writes even inside the caller's rolled-back transaction;
// and the episode runner gives the same results and state digest as a real episode with the same
// seed and clock start.
import { env, runInDurableObject } from "cloudflare:test";
import quickjsWasm from "quickjs-wasi/quickjs.wasm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import type { EpisodeState } from "../../core/episode/episode-port";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { createEpisodeRunner } from "../../core/tasks/episode-runner";
import { loadSolutions, type SolutionRun } from "../../core/tasks/solution-runner";
import { doSqlDatabase } from "../../durable-objects/episode/do-sql-database";
import { digestState, loadEnvironment } from "../../durable-objects/episode/episode-state";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { api, call, openEpisode, publish } from "./support/platform";

const executor = createQuickJsExecutor(quickjsWasm);
const tools = ledgerSpec.tools.map(({ tests: _tests, ...tool }) => tool);
const EPISODE = { seed: "workerd-parity", clockStart: DEFAULT_CLOCK_START };

// `transfer` debits before it checks the payee, so the second transfer fails halfway.
const PROGRAM = `(args, ctx) => {
  const paid = ctx.call("transfer", { from: 1, to: 2, amount: 10 });
  let refused = null;
  try { ctx.call("transfer", { from: 1, to: 99, amount: 5 }); } catch (err) { refused = err.code; }
  const seen = ctx.call("entropy", {});
  return { paid, refused, seen, ada: ctx.call("get_account", { id: 1 }) };
}`;

interface ScratchRun {
  run: SolutionRun;
  /** Ada's balance inside the caller's transaction, before it was rolled back. */
  inside: number;
  state: EpisodeState;
  /** Ada's balance after the rollback. */
  after: number;
}

// Runs PROGRAM on a fresh Durable Object, the way a scratch synthesis object does.
async function runInScratchObject(name: string): Promise<ScratchRun> {
  const stub = env.EPISODES.get(env.EPISODES.idFromName(name));
  const sandbox = await executor.load(tools);
  const programs = await loadSolutions(executor, [PROGRAM]);
  try {
    return await runInDurableObject(stub, async (_instance, state) => {
      const db = doSqlDatabase(state.storage.sql);
      state.storage.transactionSync(() =>
        loadEnvironment(db, ledgerSpec.schemaSql, ledgerSpec.seed),
      );
      const balance = () =>
        Number(db.query("SELECT balance FROM accounts WHERE id = 1")[0]?.balance);
      const rollback = new Error("rollback");
      let captured: Omit<ScratchRun, "state" | "after"> | undefined;
      let digestAfterRun: Promise<EpisodeState> | undefined;
      try {
        state.storage.transactionSync(() => {
          const runner = createEpisodeRunner({
            sandbox,
            tools,
            db,
            episode: EPISODE,
            transaction: (fn) => state.storage.transactionSync(fn),
          });
          const host = createSeededHost(db, `program:${EPISODE.seed}`, EPISODE.clockStart);
          captured = { run: programs.run(0, runner, host), inside: balance() };
          // The digest's hashing is async; the rows it hashes are read before this returns.
          digestAfterRun = digestState(db);
          throw rollback;
        });
      } catch (err) {
        if (err !== rollback) throw err;
      }
      if (!captured || !digestAfterRun) throw new Error("the program did not run");
      return { ...captured, state: await digestAfterRun, after: balance() };
    });
  } finally {
    programs.dispose();
    sandbox.dispose();
  }
}

beforeAll(async () => {
  expect((await publish(ledgerSpec)).status).toBe(201);
});

describe("solution programs in workerd", () => {
  it("keeps no partial writes of a failing call inside the caller's rolled-back transaction", async () => {
    const { run, inside, after } = await runInScratchObject("solution-runner-nesting");
    expect(run).toMatchObject({
      ok: true,
      answer: { refused: "not_found", ada: { id: 1, balance: 90 } },
    });
    expect(inside).toBe(90);
    expect(after).toBe(100);
  });

  it("gives the same results and state digest as a real episode with the same seed and clock", async () => {
    const scratch = await runInScratchObject("solution-runner-parity");
    const episode = await openEpisode("ledger", { seed: EPISODE.seed });
    const live: Json[] = [];
    for (const { tool, args } of scratch.run.calls) {
      const { body } = await call<{ ok: boolean; result?: Json; error?: Json }>(
        episode,
        tool,
        args,
      );
      live.push(
        body.ok
          ? { ok: true, result: body.result ?? null }
          : { ok: false, error: body.error ?? null },
      );
    }
    expect(live).toEqual(scratch.run.calls.map((c) => c.outcome));
    const state = await api<EpisodeState>("GET", `/v1/episodes/${episode}/state`);
    expect(state.body.digest).toBe(scratch.state.digest);
  });
});
