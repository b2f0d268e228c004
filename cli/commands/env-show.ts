// `agent-world env show name[@version]`: an environment with its versions, or one version.
import { EnvironmentDetail, VersionDetail } from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional } from "../command";
import { parseEnvironmentRef } from "../environment-ref";
import { apiPath } from "../http-client";
import { fields, printJson, table } from "../output";

export const envShow: Command = {
  name: "show",
  summary: "Show an environment and its versions, or one version",
  args: "<name[@version]>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const ref = parseEnvironmentRef(positional(input, 0));
    const json = flagOption(input, "json");
    if (ref.version === undefined) {
      const env = await client.request(
        EnvironmentDetail,
        "GET",
        apiPath`/v1/environments/${ref.name}`,
      );
      if (json) {
        printJson(out, env);
        return 0;
      }
      out.print(
        fields([
          ["name", env.name],
          ["title", env.title],
          ["category", `${env.category.domain}/${env.category.subdomain}`],
          ["latest", env.latestVersion],
          [
            "counts",
            `${env.counts.tables} tables, ${env.counts.rows} rows, ${env.counts.tools} tools`,
          ],
          ["description", env.description],
        ]),
      );
      const rows = env.versions.map((v) => [
        v.version,
        v.publishedAt,
        String(v.counts.tables),
        String(v.counts.rows),
        String(v.counts.tools),
      ]);
      out.print(`\n${table(["VERSION", "PUBLISHED", "TABLES", "ROWS", "TOOLS"], rows)}`);
      return 0;
    }
    const v = await client.request(
      VersionDetail,
      "GET",
      apiPath`/v1/environments/${ref.name}/versions/${ref.version}`,
    );
    if (json) {
      printJson(out, v);
      return 0;
    }
    out.print(
      fields([
        ["name", `${v.name}@${v.version}`],
        ["title", v.title],
        ["category", `${v.category.domain}/${v.category.subdomain}`],
        ["counts", `${v.counts.tables} tables, ${v.counts.rows} rows, ${v.counts.tools} tools`],
        ["tests", `${v.tests.passed}/${v.tests.total} passed at admission`],
        ["published", v.publishedAt],
        ["content", v.contentHash],
        ["description", v.description],
      ]),
    );
    const sources = v.provenance.map((p) => [p.kind, p.name, p.license, p.url ?? ""]);
    out.print(`\n${table(["SOURCE", "NAME", "LICENSE", "URL"], sources)}`);
    return 0;
  },
};
