// `agent-world policies add <name>`: name an OpenAI-compatible endpoint (vLLM, SGLang, a hosted
// model) as a policy rollouts can use; its key is read from $VAR or stdin and never shown again.
import { PolicyResponse } from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional, UsageError } from "../command";
import { printJson } from "../output";
import { API_KEY_OPTIONS, readApiKey } from "./policies-api-key";
import { ENDPOINT_OPTIONS, endpointFlags } from "./policies-options";
import { policyFields } from "./policies-view";

export const policiesAdd: Command = {
  name: "add",
  summary: "Add a named policy: an OpenAI-compatible Chat Completions endpoint and model",
  args: "<name>",
  arity: { min: 1, max: 1 },
  options: { ...ENDPOINT_OPTIONS, ...API_KEY_OPTIONS, json: JSON_OPTION },
  notes: [
    "example: agent-world policies add qwen3-8b --base-url http://127.0.0.1:8000/v1 \\",
    "           --model Qwen/Qwen3-8B --api-key-env VLLM_API_KEY --temperature 1",
    "The key is never a flag's value (it would land in shell history): name a variable that",
    "holds it, or pipe it in with --api-key-stdin. The API stores it encrypted and never returns it.",
  ],
  async run(input, { client, out }) {
    const name = positional(input, 0);
    const { sampling, ...endpoint } = endpointFlags(input);
    if (endpoint.baseUrl === undefined) throw new UsageError("--base-url is required");
    if (endpoint.model === undefined) throw new UsageError("--model is required");
    const apiKey = await readApiKey(input);
    const { policy } = await client.request(PolicyResponse, "POST", "/v1/policies", {
      body: {
        name,
        ...endpoint,
        ...(apiKey === undefined ? {} : { apiKey }),
        ...(Object.keys(sampling).length > 0 ? { sampling } : {}),
      },
    });
    if (flagOption(input, "json")) {
      printJson(out, { policy });
      return 0;
    }
    out.print(policyFields(policy));
    out.error(`\nuse it: agent-world rollouts run --policy ${policy.name} --env <name> --limit 10`);
    return 0;
  },
};
