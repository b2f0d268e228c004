// `npm start` options: `--no-publish`, `--persist-to DIR`, and the port from `PORT` or `--port`.
import { parseArgs } from "node:util";

export interface StartOptions {
  port: number;
  publish: boolean;
  persistTo?: string;
  help: boolean;
}

export const START_USAGE = `usage: [PORT=8787] npm start [-- [--no-publish] [--persist-to DIR] [--port N]]

Starts Agent World locally: creates the admin key in .dev.vars, builds the catalog, applies
the D1 migrations, runs \`wrangler dev\` on 127.0.0.1:$PORT (default 8787) and publishes the
catalog through the API. Local data lives in .wrangler/state unless --persist-to says otherwise.`;

export function parseStartOptions(argv: string[], env: NodeJS.ProcessEnv): StartOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      "no-publish": { type: "boolean" },
      "persist-to": { type: "string" },
      port: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  const portText = values.port ?? env.PORT ?? "8787";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65_535) {
    throw new Error(`the port must be a number from 1 to 65535, got \`${portText}\``);
  }
  return {
    port,
    publish: values["no-publish"] !== true,
    help: values.help === true,
    ...(values["persist-to"] === undefined ? {} : { persistTo: values["persist-to"] }),
  };
}
