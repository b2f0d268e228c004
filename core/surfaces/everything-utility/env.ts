// Environment listing: a tool with no properties, a name with the word `env`, `environment` or
// `vars`, and a description about environment variables (`get-env`: "Returns all environment
// variables"). The variables are rows of `utility_env_var`: the six an MCP client's stdio
// transport passes a server by default (HOME, LOGNAME, PATH, SHELL, TERM, USER) for a seeded user,
// so nothing secret. The answer is the reference server's: the variables as indented JSON text.
import { pick } from "../kit/seed-values";
import {
  descriptionOf,
  nameWords,
  propertiesOf,
  text,
  toolFunction,
  type UtilityKind,
} from "./kind";

export const ENV_TABLE = "utility_env_var";

const users = ["ada", "grace", "alan", "linus", "margaret", "ken", "barbara", "radia"];
const nodeVersions = ["v20.18.1", "v20.19.2", "v22.12.0", "v22.17.1"];

/** The variables, in the order a process sees them. */
function variables(user: string, node: string): Array<[string, string]> {
  return [
    ["HOME", `/home/${user}`],
    ["LOGNAME", user],
    [
      "PATH",
      `/home/${user}/.nvm/versions/node/${node}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
    ],
    ["SHELL", "/bin/bash"],
    ["TERM", "xterm-256color"],
    ["USER", user],
  ];
}

export const envKind: UtilityKind = {
  name: "environment",
  matches(tool) {
    const words = nameWords(tool);
    return (
      propertiesOf(tool).length === 0 &&
      words.some((w) => w === "env" || w === "environment" || w === "vars") &&
      /\benvironment variables?\b/i.test(descriptionOf(tool))
    );
  },
  build(_tool, context) {
    const table = context.table(ENV_TABLE, (rnd) => ({
      key: "name",
      columns: ["name", "value", "position"],
      ddl: `CREATE TABLE "${ENV_TABLE}" (\n  "name" TEXT NOT NULL PRIMARY KEY,\n  "value" TEXT NOT NULL,\n  "position" INTEGER NOT NULL\n);`,
      rows: variables(pick(rnd, users), pick(rnd, nodeVersions)).map(([name, value], i) => [
        name,
        value,
        i + 1,
      ]),
    }));
    const seeded = Object.fromEntries(table.rows.map((r) => [String(r[0]), String(r[1])]));
    return {
      effect: "read",
      table: ENV_TABLE,
      implementation: (name) =>
        toolFunction(
          name,
          {},
          `const rows = ctx.query('SELECT "name", "value" FROM "${ENV_TABLE}" ORDER BY "position", "name" LIMIT 500');
  const env = {};
  for (const row of rows) env[row.name] = row.value;
  return { content: [{ type: "text", text: JSON.stringify(env, null, 2) }] };`,
        ),
      tests: [
        {
          name: "lists the seeded environment as indented JSON",
          args: {},
          expect: { result: { content: [text(JSON.stringify(seeded, null, 2))] }, match: "exact" },
        },
      ],
    };
  },
};
