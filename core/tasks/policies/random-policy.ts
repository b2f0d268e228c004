// The random policy: schema-valid calls to randomly chosen tools, a floor any trained agent must
// beat and a probe that a task cannot be solved by chance. Arguments come from the tools' input
// schemas (json-schema-values.ts), or from a pool of real values (ids from the seed) when given.

import type { Json } from "../../base/json";
import { validateArguments } from "../../base/json-schema/validate-arguments";
import type { ExecutedCall, ToolRunner } from "../../episode/tool-runner";
import type { Prng } from "../../sandbox/determinism";
import { isNode, randomValue } from "./json-schema-values";

export interface PolicyTool {
  name: string;
  inputSchema: Record<string, Json>;
  effect: "read" | "write";
}

export interface RandomCall {
  tool: string;
  args: Record<string, Json>;
}

export interface RandomPolicyOptions {
  /** Real candidate values for an argument; used (when schema-valid) 70% of the time. */
  valuePool?: (tool: PolicyTool, input: string) => Json[];
  /** Chance that a call goes to a write tool; default: every tool equally likely. */
  writeShare?: number;
  /** Chance that an optional argument is given (default 0.3). */
  optionalRate?: number;
}

const POOL_RATE = 0.7;

/** `count` random calls; the same tools, seed and pool give the same calls. */
export function randomCalls(
  tools: readonly PolicyTool[],
  rng: Prng,
  count: number,
  options: RandomPolicyOptions = {},
): RandomCall[] {
  if (tools.length === 0) return [];
  return Array.from({ length: count }, () => {
    const tool = pickTool(tools, rng, options.writeShare);
    return { tool: tool.name, args: randomArguments(tool, rng, options) };
  });
}

/** Runs `count` random calls through `runner`, drawing each call after the previous one ran. */
export function randomPolicy(
  runner: ToolRunner,
  tools: readonly PolicyTool[],
  rng: Prng,
  count: number,
  options: RandomPolicyOptions = {},
): ExecutedCall[] {
  const executed: ExecutedCall[] = [];
  for (let i = 0; i < count && tools.length > 0; i++) {
    const [call] = randomCalls(tools, rng, 1, options);
    if (!call) break;
    executed.push({ ...call, outcome: runner.call(call.tool, call.args) });
  }
  return executed;
}

/** Schema-valid arguments for one call of `tool`. */
export function randomArguments(
  tool: PolicyTool,
  rng: Prng,
  options: RandomPolicyOptions = {},
): Record<string, Json> {
  const drawn = randomValue(tool.inputSchema, rng, { optionalRate: options.optionalRate });
  const args: Record<string, Json> = isNode(drawn) ? drawn : {};
  const properties = isNode(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
  if (!options.valuePool) return args;
  for (const name of Object.keys(args)) {
    const schema = properties[name];
    if (!isNode(schema)) continue;
    const pool = options.valuePool(tool, name).filter((v) => validateArguments(schema, v).valid);
    if (pool.length > 0 && rng.next() < POOL_RATE) {
      args[name] = pool[Math.floor(rng.next() * pool.length)] ?? args[name] ?? null;
    }
  }
  return args;
}

function pickTool(tools: readonly PolicyTool[], rng: Prng, writeShare?: number): PolicyTool {
  const writes = tools.filter((t) => t.effect === "write");
  const reads = tools.filter((t) => t.effect === "read");
  let from = tools;
  if (writeShare !== undefined && writes.length > 0 && reads.length > 0) {
    from = rng.next() < writeShare ? writes : reads;
  }
  return from[Math.floor(rng.next() * from.length)] ?? (tools[0] as PolicyTool);
}
