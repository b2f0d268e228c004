// `agent-world env tools name[@version]`: the tools, as a table or in an agent framework's format.
import { AnyJson, ToolList, toolNameAndDescription } from "../api-schemas";
import {
  type Command,
  flagOption,
  JSON_OPTION,
  positional,
  stringOption,
  UsageError,
} from "../command";
import { parseEnvironmentRef } from "../environment-ref";
import { apiPath } from "../http-client";
import { printJson, table } from "../output";

const FORMATS = ["openai", "responses", "mcp"] as const;
type Format = (typeof FORMATS)[number];

export const envTools: Command = {
  name: "tools",
  summary: "List its tools, or print them in an agent's format",
  args: "<name[@version]>",
  arity: { min: 1, max: 1 },
  options: {
    format: {
      type: "string",
      value: "FMT",
      description: "print the tools array as openai | responses | mcp JSON",
    },
    json: JSON_OPTION,
  },
  notes: [
    "example: agent-world env tools chinook --format openai > tools.json",
    "`--format` prints only the tools array, ready to pass as `tools` to a model API.",
  ],
  async run(input, { client, out }) {
    const ref = parseEnvironmentRef(positional(input, 0));
    const format = parseFormat(stringOption(input, "format"));
    const path =
      ref.version === undefined
        ? apiPath`/v1/environments/${ref.name}/tools`
        : apiPath`/v1/environments/${ref.name}/versions/${ref.version}/tools`;
    const query = { format: format ?? "openai" };
    if (flagOption(input, "json")) {
      printJson(out, await client.request(AnyJson, "GET", path, { query }));
      return 0;
    }
    const list = await client.request(ToolList, "GET", path, { query });
    if (format !== undefined) {
      printJson(out, list.tools);
      return 0;
    }
    out.print(
      table(["TOOL", "DESCRIPTION"], list.tools.map(toolNameAndDescription), ["DESCRIPTION"]),
    );
    return 0;
  },
};

function parseFormat(text: string | undefined): Format | undefined {
  if (text === undefined) return undefined;
  const format = FORMATS.find((f) => f === text);
  if (format === undefined) throw new UsageError(`--format must be one of ${FORMATS.join(", ")}`);
  return format;
}
