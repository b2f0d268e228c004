// `agent-world policies update <name>`: change some of a policy's fields. The API replaces a
// policy whole (PUT), so the CLI reads it, applies the flags given and sends the result; the key
// is kept unless a new one is given or `--remove-api-key`.
import { AnyPolicyResponse, PolicyResponse, PolicyView } from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional, UsageError } from "../command";
import { apiPath } from "../http-client";
import { printJson } from "../output";
import { API_KEY_OPTIONS, readApiKey } from "./policies-api-key";
import { ENDPOINT_OPTIONS, endpointFlags } from "./policies-options";
import { policyFields } from "./policies-view";

export const policiesUpdate: Command = {
  name: "update",
  summary: "Change a policy's endpoint, model, key, limits or sampling defaults",
  args: "<name>",
  arity: { min: 1, max: 1 },
  options: {
    ...ENDPOINT_OPTIONS,
    ...API_KEY_OPTIONS,
    "remove-api-key": { type: "boolean", description: "send no key to the endpoint from now on" },
    json: JSON_OPTION,
  },
  notes: [
    "example: agent-world policies update qwen3-8b --model Qwen/Qwen3-8B-Instruct --temperature 0.7",
    "Flags left out keep their values; sampling flags change only the fields given.",
  ],
  async run(input, { client, out }) {
    const name = positional(input, 0);
    const { sampling, ...endpoint } = endpointFlags(input);
    const removeKey = flagOption(input, "remove-api-key");
    const apiKey = await readApiKey(input);
    if (removeKey && apiKey !== undefined)
      throw new UsageError("give a new key or --remove-api-key, not both");
    const changes = Object.keys(endpoint).length + Object.keys(sampling).length;
    if (changes === 0 && apiKey === undefined && !removeKey)
      throw new UsageError("nothing to update: give the flags to change (see --help)");
    const path = apiPath`/v1/policies/${name}`;
    const current = (await client.request(AnyPolicyResponse, "GET", path)).policy;
    const named = PolicyView.safeParse(current);
    if (!named.success)
      throw new UsageError(`\`${name}\` is a built-in policy and cannot be changed`);
    const { policy } = await client.request(PolicyResponse, "PUT", path, {
      body: {
        baseUrl: endpoint.baseUrl ?? named.data.baseUrl,
        model: endpoint.model ?? named.data.model,
        timeoutSeconds: endpoint.timeoutSeconds ?? named.data.timeoutSeconds,
        maxAttempts: endpoint.maxAttempts ?? named.data.maxAttempts,
        sampling: { ...named.data.sampling, ...sampling },
        ...(removeKey ? { apiKey: null } : {}),
        ...(apiKey === undefined ? {} : { apiKey }),
      },
    });
    if (flagOption(input, "json")) printJson(out, { policy });
    else out.print(policyFields(policy));
    return 0;
  },
};
