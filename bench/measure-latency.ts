// Concurrency 1: each subject warmed up, then timed in interleaved rounds. Where an answer carries
// a top-level `durationMs` (the platform's time inside the Durable Object, the floor's time inside
// the tool), it is collected too, to tell the tool's own cost from the HTTP path around it.
import { z } from "zod";
import type { HttpAnswer } from "./http-target";
import { interleave } from "./interleave";
import { type LatencyRun, measureLatency, mergeRuns, warmUp } from "./latency";
import type { Call } from "./workload";

export interface LatencyPlan {
  warmup: number;
  calls: number;
  rounds: number;
  /** Time budget for one subject's round. */
  roundMaxMs: number;
}

export interface SubjectLatency extends LatencyRun {
  /** `durationMs` values the server reported, when it reports them. */
  serverMs: number[];
}

const ServerDuration = z.looseObject({ durationMs: z.number() });

export async function measureSubjects(
  subjects: ReadonlyMap<string, Call>,
  plan: LatencyPlan,
): Promise<Map<string, SubjectLatency>> {
  for (const call of subjects.values()) await warmUp(call, plan.warmup, plan.roundMaxMs);
  const serverMs = new Map<string, number[]>([...subjects.keys()].map((name) => [name, []]));
  const perRound = Math.ceil(plan.calls / plan.rounds);
  const runs = await interleave([...subjects.keys()], plan.rounds, (name) => {
    const call = subjects.get(name);
    if (call === undefined) throw new Error(`no subject ${name}`);
    const durations = serverMs.get(name) ?? [];
    return measureLatency(call, {
      count: perRound,
      maxMs: plan.roundMaxMs,
      onAnswer: (answer) => collectDuration(answer, durations),
    });
  });
  return new Map(
    [...runs].map(([name, list]) => [
      name,
      { ...mergeRuns(list), serverMs: serverMs.get(name) ?? [] },
    ]),
  );
}

function collectDuration(answer: HttpAnswer, into: number[]): void {
  if (answer.status !== 200 || !answer.body.includes('"durationMs"')) return;
  const parsed = ServerDuration.safeParse(JSON.parse(answer.body));
  if (parsed.success) into.push(parsed.data.durationMs);
}
