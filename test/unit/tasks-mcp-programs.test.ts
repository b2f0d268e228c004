// Programmatic tasks on MCP entity environments whose list tools need values the user states (a
// repository's owner and name, a property's object type) and whose records are keyed by names
// (`propertyName`): the lists are opened with values from one real row, loops reach each element
// by its key, and every kept task is solved by its program and not by doing nothing. The
// environments are the GitHub issue tools and the HubSpot property tools alone, which no surface
// claims, so they take the entity path with the real servers' schemas.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import { entityEnvironment } from "../support/mcp-entity-fixture";
import { type NodeWorld, nodeWorld, oracleScore } from "../support/synthesis-harness";

const ISSUE_TOOLS = [
  "create_issue",
  "list_issues",
  "update_issue",
  "add_issue_comment",
  "search_issues",
  "get_issue",
];
const PROPERTY_TOOLS = [
  "hubspot-list-properties",
  "hubspot-get-property",
  "hubspot-create-property",
  "hubspot-update-property",
];

describe.each([
  ["hubspot", PROPERTY_TOOLS, "hubspot_list_properties", 5],
  ["github", ISSUE_TOOLS, "list_issues", 3],
] as const)("programmatic tasks on the %s entity tools", (name, tools, listTool, floor) => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await nodeWorld(entityEnvironment(name, tools));
  });
  afterAll(() => env.close());

  it(`keeps at least ${floor} of 20 over ${listTool}, each solved by its program only`, async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      SynthesisShardSchema.parse({ count: 20, strategy: "programmatic", seed: `programs-${name}` }),
    );
    const overList = tasks.filter((t) => t.solution.calls.some((c) => c.tool === listTool));
    expect(overList.length).toBeGreaterThanOrEqual(floor);
    for (const task of tasks) {
      expect(task.kind).toBe("programmatic");
      expect(await oracleScore(env, task)).toBe(1);
      expect(scoreEpisode(task, {}, undefined).reward).toBe(0);
    }
  });
});
