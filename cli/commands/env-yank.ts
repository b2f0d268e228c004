// `agent-world env yank name[@version]`: withdraw one version, or every version, of an environment
// you published (or any, with an admin key). Yanked versions take no new episodes, rollouts or
// synthesis; what already runs finishes, and the catalog keeps showing them, marked yanked.
import { Yanked } from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional } from "../command";
import { parseEnvironmentRef } from "../environment-ref";
import { apiPath } from "../http-client";
import { printJson } from "../output";

export const envYank: Command = {
  name: "yank",
  summary: "Yank an environment version (name@version), or every version (name)",
  args: "<name[@version]>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  notes: [
    "Needs the key that published the environment's first version (catalog:write), or an admin key.",
    "Yanking twice changes nothing. A yanked version stays yanked: publish a new version instead.",
    "example: agent-world env yank chinook@1.1.0",
  ],
  async run(input, { client, out }) {
    const ref = parseEnvironmentRef(positional(input, 0));
    // `@` kept as typed, so the path reads like the docs: /v1/environments/chinook@1.1.0.
    const at = ref.version === undefined ? "" : `@${encodeURIComponent(ref.version)}`;
    const path = `${apiPath`/v1/environments/${ref.name}`}${at}`;
    const outcome = await client.request(Yanked, "DELETE", path);
    if (flagOption(input, "json")) {
      printJson(out, outcome);
      return 0;
    }
    for (const v of outcome.yanked)
      out.print(`yanked ${outcome.name}@${v.version} (${v.yankedAt})`);
    out.print(
      outcome.latestLiveVersion === null
        ? `every version of ${outcome.name} is yanked: it takes no new episodes`
        : `${outcome.name} now opens ${outcome.name}@${outcome.latestLiveVersion}`,
    );
    return 0;
  },
};
