// `agent-world env publish spec.json`: admit and publish an environment version (catalog:write).
import { readFileSync } from "node:fs";
import { Published } from "../api-schemas";
import { CliError, type Command, flagOption, JSON_OPTION, positional } from "../command";
import { printJson } from "../output";

export const envPublish: Command = {
  name: "publish",
  summary: "Publish an environment spec; its tool tests must pass",
  args: "<spec.json>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  notes: [
    "Needs a key with the catalog:write scope. Publishing the same content again is a no-op;",
    "failing tool tests are listed with what was expected and what the tool returned.",
  ],
  async run(input, { client, out }) {
    const file = positional(input, 0);
    const published = await client.request(Published, "POST", "/v1/environments", {
      body: readSpec(file),
    });
    if (flagOption(input, "json")) {
      printJson(out, published);
      return 0;
    }
    const id = `${published.name}@${published.version}`;
    if (!published.created) {
      out.print(`${id} is already published with the same content (nothing changed)`);
      return 0;
    }
    const counts = [
      published.tools === undefined ? undefined : `${published.tools} tools`,
      published.tests && `${published.tests.passed}/${published.tests.total} tests passed`,
    ].filter((part) => part !== undefined);
    out.print(`published ${id}${counts.length ? ` (${counts.join(", ")})` : ""}`);
    return 0;
  },
};

function readSpec(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(
      `${file} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
