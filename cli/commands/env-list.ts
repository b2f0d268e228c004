// `agent-world env list`: one page of the catalog, optionally searched and filtered.
import { EnvironmentList } from "../api-schemas";
import { type Command, flagOption, intOption, JSON_OPTION, stringOption } from "../command";
import { printJson, table } from "../output";

export const envList: Command = {
  name: "list",
  summary: "List or search the environments in the catalog",
  args: "",
  arity: { min: 0, max: 0 },
  options: {
    q: { type: "string", value: "TEXT", description: "search names, titles, descriptions, tools" },
    domain: { type: "string", value: "DOMAIN", description: "only this domain, e.g. commerce" },
    subdomain: { type: "string", value: "SUB", description: "only this subdomain" },
    limit: { type: "string", value: "N", description: "page size, 1-100 (default 20)" },
    cursor: { type: "string", value: "CURSOR", description: "the next page, as printed" },
    json: JSON_OPTION,
  },
  notes: ["example: agent-world env list --q music --domain commerce"],
  async run(input, { client, out }) {
    const page = await client.request(EnvironmentList, "GET", "/v1/environments", {
      query: {
        q: stringOption(input, "q"),
        domain: stringOption(input, "domain"),
        subdomain: stringOption(input, "subdomain"),
        limit: intOption(input, "limit", { min: 1, max: 100 }),
        cursor: stringOption(input, "cursor"),
      },
    });
    if (flagOption(input, "json")) {
      printJson(out, page);
      return 0;
    }
    if (page.environments.length === 0) {
      out.print("no environments found");
      return 0;
    }
    const rows = page.environments.map((e) => [
      e.name,
      e.latestVersion,
      `${e.category.domain}/${e.category.subdomain}`,
      String(e.counts.tools),
      String(e.counts.rows),
      e.title,
    ]);
    out.print(table(["NAME", "VERSION", "CATEGORY", "TOOLS", "ROWS", "TITLE"], rows, ["TITLE"]));
    if (page.nextCursor) out.print(`\nmore: agent-world env list --cursor ${page.nextCursor}`);
    return 0;
  },
};
