// `agent-world policies ...`: named OpenAI-compatible endpoints that rollouts can run, beside the
// built-in `oracle` and `random`.
import type { CommandGroup } from "../command";
import { policiesAdd } from "./policies-add";
import { policiesList, policiesRemove, policiesShow } from "./policies-list";
import { policiesUpdate } from "./policies-update";

export const policiesGroup: CommandGroup = {
  name: "policies",
  summary: "Name OpenAI-compatible endpoints (vLLM, SGLang, hosted models) as rollout policies",
  commands: [policiesAdd, policiesList, policiesShow, policiesUpdate, policiesRemove],
};
