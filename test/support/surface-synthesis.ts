// The checks every surface task-source test makes on a synthesis run, computed once here: the
// tasks kept, what doing nothing and replaying each solution earn, which instructions leak a
// pattern, each task's writes, tasks judged by neither state nor answer. Each returns what it
// found (empty lists when all is well), so the test states its own counts, patterns and floors.
import type { EnvironmentSpec, ToolSpec } from "../../core/environment/spec";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { type SynthesisShard, SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
import { catalogSpec, type NodeWorld, nodeWorld, oracleScore } from "./synthesis-harness";

/** A synthesis request, parsed (defaults filled in) as the service parses one. */
export const shard = (input: Record<string, unknown>): SynthesisShard =>
  SynthesisShardSchema.parse(input);

/** Counts a task's solution calls to the named write tools. */
export function writeCounter(writeTools: Iterable<string>): (task: Task) => number {
  const tools = new Set(writeTools);
  return (task) => task.solution.calls.filter((c) => tools.has(c.tool)).length;
}

/** The distinct tools a task's solution calls, sorted and joined (`a+b`): tells templates apart. */
export const toolSetOf = (task: Task): string =>
  [...new Set(task.solution.calls.map((c) => c.tool))].sort().join("+");

/** The first `words` words of a task's instruction: tells templates apart by how they open. */
export const openingOf = (task: Task, words: number): string =>
  task.instruction.split(" ").slice(0, words).join(" ");

export interface SurveyOptions {
  /** Patterns (or literal texts) no instruction may hold: ids, tool names, raw column names. */
  leaks?: readonly (RegExp | string)[];
  /** Tools that write (default: the world's tools whose effect is "write"). */
  writeTools?: Iterable<string>;
  /** Replay every nth kept solution with oracleScore (1: all of them; default: none). */
  oracleEvery?: number;
}

export interface SynthesisSurvey {
  tasks: Task[];
  /** The report's stop reason, "" when the run was not cut short. */
  stoppedBecause: string;
  distinctKeys: number;
  /** The distinct kinds of the kept tasks, sorted. */
  kinds: string[];
  /** The fewest calls any kept solution makes. */
  fewestCalls: number;
  /** `<instruction> ~ <pattern>` for each instruction holding a leak pattern. */
  leaking: string[];
  /** The distinct rewards doing nothing earns, sorted. */
  nothingRewards: number[];
  /** The distinct rewards of the replayed solutions, sorted (empty when none were replayed). */
  oracleRewards: number[];
  /** Each task's calls to the write tools, in task order. */
  writes: number[];
  /** Instructions of tasks that write but change no state, or only read but have no answer. */
  unjudged: string[];
  /** Instructions of tasks whose ground truth changes nothing. */
  unchanged: string[];
  /** Instructions of tasks whose ground truth has no answer. */
  unanswered: string[];
  /** How many distinct tool sets (toolSetOf) the solutions use. */
  toolSets: number;
}

const leaksIn = (instruction: string, pattern: RegExp | string) =>
  typeof pattern === "string" ? instruction.includes(pattern) : pattern.test(instruction);

const distinct = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** Synthesizes `request` on the world and surveys what was kept. */
export async function surveySynthesis(
  env: NodeWorld,
  request: SynthesisShard,
  options: SurveyOptions = {},
): Promise<SynthesisSurvey> {
  const { tasks, report } = await synthesizeTasks(env.world, request);
  const writesOf = writeCounter(
    options.writeTools ?? env.spec.tools.filter((t) => t.effect === "write").map((t) => t.name),
  );
  const writes = tasks.map(writesOf);
  const changes = (task: Task) => Object.keys(task.groundTruth.changes).length > 0;
  const oracleRewards: number[] = [];
  const every = options.oracleEvery;
  if (every !== undefined) {
    for (const task of tasks.filter((_, i) => i % every === 0)) {
      oracleRewards.push(await oracleScore(env, task));
    }
  }
  return {
    tasks,
    stoppedBecause: report.stoppedBecause ?? "",
    distinctKeys: new Set(tasks.map((t) => t.dedupeKey)).size,
    kinds: [...new Set(tasks.map((t) => t.kind))].sort(),
    fewestCalls: Math.min(...tasks.map((t) => t.solution.calls.length)),
    leaking: tasks.flatMap((t) =>
      (options.leaks ?? [])
        .filter((p) => leaksIn(t.instruction, p))
        .map((p) => `${t.instruction} ~ ${String(p)}`),
    ),
    nothingRewards: distinct(tasks.map((t) => scoreEpisode(t, {}, undefined).reward)),
    oracleRewards: distinct(oracleRewards),
    writes,
    unjudged: tasks
      .filter((t, i) => ((writes[i] ?? 0) > 0 ? !changes(t) : t.groundTruth.answer === undefined))
      .map((t) => t.instruction),
    unchanged: tasks.filter((t) => !changes(t)).map((t) => t.instruction),
    unanswered: tasks.filter((t) => t.groundTruth.answer === undefined).map((t) => t.instruction),
    toolSets: new Set(tasks.map(toolSetOf)).size,
  };
}

/** One run's ids and instructions, to compare two runs of the same request. */
export interface RunTrace {
  tasks: Task[];
  ids: string[];
  instructions: string[];
}

/** Synthesizes the same request twice on the world (a deterministic source gives equal traces). */
export async function synthesizeTwice(
  env: NodeWorld,
  request: SynthesisShard,
): Promise<[RunTrace, RunTrace]> {
  const trace = async (): Promise<RunTrace> => {
    const { tasks } = await synthesizeTasks(env.world, request);
    return { tasks, ids: tasks.map((t) => t.id), instructions: tasks.map((t) => t.instruction) };
  };
  const first = await trace();
  return [first, await trace()];
}

/** A catalog environment's world with only the tools `keep` accepts (all of them by default). */
export function catalogWorld(
  name: string,
  keep: (tool: ToolSpec) => boolean = () => true,
): Promise<NodeWorld> {
  const spec: EnvironmentSpec = catalogSpec(name);
  return nodeWorld({ ...spec, tools: spec.tools.filter(keep) });
}

/** Whether a tool only reads (for worlds whose tools cannot write). */
export const readsOnly = (tool: ToolSpec): boolean => tool.effect === "read";

/** What `look` sees in a catalog environment's world, which is closed after. */
export async function lookIn<T>(name: string, look: (env: NodeWorld) => T): Promise<T> {
  const env = await nodeWorld(catalogSpec(name));
  try {
    return look(env);
  } finally {
    env.close();
  }
}
