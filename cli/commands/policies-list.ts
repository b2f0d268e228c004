// `agent-world policies list | show <name> | remove <name>`: the named policies and the built-ins,
// one policy in full (never its key), and removing one.
import {
  AnyPolicyResponse,
  BuiltInPolicyView,
  NoContent,
  PolicyList,
  PolicyView,
} from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional } from "../command";
import { apiPath } from "../http-client";
import { printJson, table } from "../output";
import { apiKeyText, BUILT_IN_DESCRIPTIONS, builtInFields, policyFields } from "./policies-view";

export const policiesList: Command = {
  name: "list",
  summary: "List named policies and the built-in ones",
  args: "",
  arity: { min: 0, max: 0 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const list = await client.request(PolicyList, "GET", "/v1/policies");
    if (flagOption(input, "json")) {
      printJson(out, list);
      return 0;
    }
    const rows = [
      ...list.policies.map((p) => [p.name, p.kind, p.model, p.baseUrl, apiKeyText(p.apiKey)]),
      ...list.builtIn.map((name) => [
        name,
        "built in",
        "-",
        BUILT_IN_DESCRIPTIONS[name] ?? "",
        "-",
      ]),
    ];
    out.print(table(["NAME", "KIND", "MODEL", "BASE URL", "API KEY"], rows, ["BASE URL"]));
    return 0;
  },
};

export const policiesShow: Command = {
  name: "show",
  summary: "Show a policy (whether a key is set, never the key)",
  args: "<name>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const { policy } = await client.request(
      AnyPolicyResponse,
      "GET",
      apiPath`/v1/policies/${positional(input, 0)}`,
    );
    if (flagOption(input, "json")) {
      printJson(out, { policy });
      return 0;
    }
    const named = PolicyView.safeParse(policy);
    const builtIn = BuiltInPolicyView.safeParse(policy);
    if (named.success) out.print(policyFields(named.data));
    else if (builtIn.success) out.print(builtInFields(builtIn.data));
    return 0;
  },
};

export const policiesRemove: Command = {
  name: "remove",
  summary: "Remove a named policy and its stored key",
  args: "<name>",
  arity: { min: 1, max: 1 },
  options: {},
  async run(input, { client, out }) {
    const name = positional(input, 0);
    await client.request(NoContent, "DELETE", apiPath`/v1/policies/${name}`);
    out.print(`removed policy ${name}`);
    return 0;
  },
};
