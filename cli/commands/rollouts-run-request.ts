// The options of `rollouts run` and the `POST /v1/rollouts` body they make: which tasks (ids or
// one filter), the policy, group size, turns, sampling, time budget, concurrency, system prompt.
import { readFileSync } from "node:fs";
import {
  CliError,
  type CommandInput,
  intOption,
  type OptionSpec,
  stringOption,
  UsageError,
} from "../command";
import { parseEnvironmentRef } from "../environment-ref";
import { SAMPLING_OPTIONS, type SamplingFlags, samplingFlags } from "./policies-sampling-options";

const KINDS = ["graph", "programmatic"];
const LEVELS = ["easy", "medium", "hard"];
const FILTER_OPTIONS = ["env", "kind", "level", "job", "limit"];

export const RUN_OPTIONS: Record<string, OptionSpec> = {
  tasks: { type: "string", value: "IDS", description: "comma-separated task ids" },
  env: {
    type: "string",
    value: "NAME[@VER],...",
    description: "tasks of these environments (--limit is then per environment)",
  },
  kind: {
    type: "string",
    value: "KIND",
    description: "only tasks of this kind: graph | programmatic",
  },
  level: {
    type: "string",
    value: "L",
    description: "only tasks of this level: easy | medium | hard",
  },
  job: { type: "string", value: "JOB", description: "only tasks of this synthesis job" },
  limit: {
    type: "string",
    value: "N",
    description: "at most N tasks, oldest first, 1-1000 (default 100)",
  },
  policy: {
    type: "string",
    value: "NAME",
    description: "oracle | random | a policy from `policies add` (required)",
  },
  "group-size": { type: "string", value: "N", description: "samples per task, 1-64 (default 8)" },
  "max-turns": {
    type: "string",
    value: "N",
    description: "model turns per rollout, 1-100 (default 20)",
  },
  ...SAMPLING_OPTIONS,
  "time-budget": {
    type: "string",
    value: "SECS",
    description: "wall-clock budget per rollout, 5-840 (default 300)",
  },
  "max-concurrency": {
    type: "string",
    value: "N",
    description: "rollouts of the batch running at once, 1-1000 (default 64)",
  },
  "system-prompt-file": {
    type: "string",
    value: "FILE",
    description: "replace the default system prompt with FILE's text",
  },
  "random-calls": {
    type: "string",
    value: "N",
    description: "`random` policy only: calls per rollout, 1-100 (default 8)",
  },
};

export interface CreateRolloutsBody {
  tasks?: string[];
  filter?: {
    environment?: string | string[];
    kind?: string;
    level?: string;
    job?: string;
    limit?: number;
  };
  policy: string;
  groupSize?: number;
  maxTurns?: number;
  sampling?: SamplingFlags;
  timeBudgetSeconds?: number;
  maxConcurrency?: number;
  systemPrompt?: string;
  randomCalls?: number;
}

/** The request body; options left out are left to the API's defaults. */
export function createRolloutsBody(input: CommandInput): CreateRolloutsBody {
  const policy = stringOption(input, "policy")?.trim();
  if (!policy) throw new UsageError("--policy is required (oracle, random, or a named policy)");
  const sampling = samplingFlags(input);
  const systemPrompt = readSystemPrompt(stringOption(input, "system-prompt-file"));
  const numbers = {
    groupSize: intOption(input, "group-size", { min: 1, max: 64 }),
    maxTurns: intOption(input, "max-turns", { min: 1, max: 100 }),
    timeBudgetSeconds: intOption(input, "time-budget", { min: 5, max: 840 }),
    maxConcurrency: intOption(input, "max-concurrency", { min: 1, max: 1000 }),
    randomCalls: intOption(input, "random-calls", { min: 1, max: 100 }),
  };
  return {
    ...taskSelection(input),
    policy,
    ...Object.fromEntries(Object.entries(numbers).filter(([, value]) => value !== undefined)),
    ...(Object.keys(sampling).length > 0 ? { sampling } : {}),
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
  };
}

/** `--tasks` or a filter (`--env`, `--kind`, `--level`, `--job`, `--limit`), never both. */
function taskSelection(input: CommandInput): Pick<CreateRolloutsBody, "tasks" | "filter"> {
  const ids = stringOption(input, "tasks");
  const filtering = FILTER_OPTIONS.filter((name) => stringOption(input, name) !== undefined);
  if (ids !== undefined) {
    if (filtering.length > 0) throw new UsageError(`give --tasks or --${filtering[0]}, not both`);
    const tasks = ids
      .split(",")
      .map((id) => id.trim())
      .filter((id) => id !== "");
    if (tasks.length === 0) throw new UsageError("--tasks needs at least one task id");
    if (tasks.length > 1000) throw new UsageError("--tasks takes at most 1000 ids");
    return { tasks };
  }
  if (filtering.length === 0) {
    throw new UsageError(
      "choose the tasks: --tasks IDS, or a filter such as --env NAME (--limit N alone takes tasks of every environment)",
    );
  }
  const environment = environmentsOption(input);
  const kind = oneOf(input, "kind", KINDS);
  const level = oneOf(input, "level", LEVELS);
  const job = stringOption(input, "job");
  const limit = intOption(input, "limit", { min: 1, max: 1000 });
  return {
    filter: {
      ...(environment === undefined ? {} : { environment }),
      ...(kind === undefined ? {} : { kind }),
      ...(level === undefined ? {} : { level }),
      ...(job === undefined ? {} : { job }),
      ...(limit === undefined ? {} : { limit }),
    },
  };
}

/** `--env a` or `--env a,b@1.0.0`: one environment, or several (then `--limit` is per environment). */
function environmentsOption(input: CommandInput): string | string[] | undefined {
  const value = stringOption(input, "env");
  if (value === undefined) return undefined;
  const refs = value
    .split(",")
    .map((ref) => ref.trim())
    .filter((ref) => ref !== "");
  if (refs.length === 0) throw new UsageError("--env needs an environment name");
  for (const ref of refs) parseEnvironmentRef(ref);
  return refs.length === 1 ? refs[0] : refs;
}

function oneOf(input: CommandInput, name: string, allowed: string[]): string | undefined {
  const value = stringOption(input, name);
  if (value !== undefined && !allowed.includes(value))
    throw new UsageError(`--${name} must be one of ${allowed.join(", ")}`);
  return value;
}

function readSystemPrompt(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new CliError(`cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (text.trim() === "") throw new UsageError(`${path} is empty`);
  return text.trimEnd();
}
