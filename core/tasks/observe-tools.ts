// What each tool really returns: its passing tests' arguments run on a fresh copy, the results
// kept as exact examples. Tests that check only a subset of the result (common for MCP-derived and
// LLM-written tools) would otherwise hide most output fields from the tool profiles, and with them
// the links between tools that synthesis walks along.
import type { ToolSpec, ToolTest } from "../environment/spec";
import type { SynthesisWorld } from "./synthesis-world";

const OBSERVE_SEED = "observe";

export function observeTools(world: SynthesisWorld): ToolSpec[] {
  const episode = { seed: OBSERVE_SEED, clockStart: world.clockStart };
  return world.tools.map((tool) => {
    const observed: ToolTest[] = [];
    for (const test of tool.tests) {
      if (test.expect.error) continue;
      const outcome = world.fresh(episode, (runner) => runner.call(tool.name, test.args)).value;
      if (!outcome.ok) continue;
      observed.push({
        name: `observed: ${test.name}`,
        args: test.args,
        expect: { result: outcome.result, match: "exact" },
      });
    }
    return { ...tool, tests: [...tool.tests, ...observed] };
  });
}
