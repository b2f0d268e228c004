// The CLI without process globals: finds the command, parses its arguments, runs it, and maps
// every failure to a message and an exit code (0 ok, 1 failed, 2 wrong usage).
import {
  CliError,
  type CommandGroup,
  columns,
  commandHelp,
  commandUsage,
  groupHelp,
  parseCommandArgs,
  UsageError,
} from "./command";
import { envGroup } from "./commands/env";
import { episodeGroup } from "./commands/episode";
import { keysGroup } from "./commands/keys";
import { policiesGroup } from "./commands/policies";
import { rolloutsGroup } from "./commands/rollouts";
import { tasksGroup } from "./commands/tasks";
import { type CliConfig, isLoopback, resolveConfig } from "./config";
import { errorDetailLines } from "./error-details";
import { ApiClient, ApiError, ConnectionError } from "./http-client";
import type { Output } from "./output";

export const GROUPS: CommandGroup[] = [
  envGroup,
  episodeGroup,
  tasksGroup,
  rolloutsGroup,
  policiesGroup,
  keysGroup,
];

export interface CliEnvironment {
  out: Output;
  env: Record<string, string | undefined>;
  /** The repository root, where `.dev.vars` is looked for. */
  root?: string;
  fetch?: typeof fetch;
}

export async function runCli(argv: string[], io: CliEnvironment): Promise<number> {
  const { out } = io;
  const [groupName, commandName, ...rest] = argv;
  if (groupName === undefined || isHelp(groupName) || groupName === "help") {
    out.print(topHelp());
    return groupName === undefined ? 2 : 0;
  }
  const group = GROUPS.find((g) => g.name === groupName);
  if (group === undefined)
    return usageFailure(out, `unknown command \`${groupName}\``, "agent-world --help");
  if (commandName === undefined || isHelp(commandName)) {
    out.print(groupHelp(group));
    return commandName === undefined ? 2 : 0;
  }
  const command = group.commands.find((c) => c.name === commandName);
  if (command === undefined) {
    return usageFailure(
      out,
      `unknown command \`${group.name} ${commandName}\``,
      `agent-world ${group.name} --help`,
    );
  }
  if (rest.some(isHelp)) {
    out.print(commandHelp(group, command));
    return 0;
  }
  let config: CliConfig | undefined;
  try {
    const input = parseCommandArgs(command, rest);
    config = resolveConfig(io.env, io.root);
    const client = new ApiClient({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      fetch: io.fetch,
    });
    return await command.run(input, { client, config, out });
  } catch (err) {
    return reportFailure(err, {
      out,
      config,
      usage: `${commandUsage(group, command)}  (see --help)`,
      json: rest.includes("--json"),
    });
  }
}

function reportFailure(
  err: unknown,
  ctx: { out: Output; config: CliConfig | undefined; usage: string; json: boolean },
): number {
  const { out, config } = ctx;
  if (err instanceof UsageError) return usageFailure(out, err.message, ctx.usage);
  if (err instanceof CliError) {
    out.error(`error: ${err.message}`);
    return 1;
  }
  if (err instanceof ConnectionError) {
    out.error(`error: ${err.message}.`);
    out.error(
      isLoopback(err.baseUrl)
        ? "Is the local platform running? Start it with `npm start` (or set AGENT_WORLD_URL)."
        : "Check AGENT_WORLD_URL and that the server is up.",
    );
    return 1;
  }
  if (err instanceof ApiError) {
    if (ctx.json) {
      out.print(
        JSON.stringify(
          { error: { code: err.code, message: err.message, details: err.details } },
          null,
          2,
        ),
      );
    }
    out.error(`error ${err.code}: ${err.message}`);
    for (const line of errorDetailLines(err.code, err.details)) out.error(line);
    const hint = config && authHint(err, config);
    if (hint) out.error(hint);
    return 1;
  }
  throw err;
}

function authHint(err: ApiError, config: CliConfig): string | undefined {
  if (err.status === 401 && config.keySource === "none") {
    return "No API key: set AGENT_WORLD_API_KEY, or run `npm start` once to create the local admin key in .dev.vars.";
  }
  if (err.status === 401 || err.status === 403) {
    return `(key from ${config.keySource === ".dev.vars" ? config.devVarsPath : config.keySource})`;
  }
  return undefined;
}

function usageFailure(out: Output, message: string, usage: string): number {
  out.error(`error: ${message}`);
  out.error(`usage: ${usage}`);
  return 2;
}

function isHelp(arg: string): boolean {
  return arg === "--help" || arg === "-h";
}

export function topHelp(): string {
  return [
    "usage: agent-world <group> <command> [options]",
    "",
    "Talks to the Agent World API: AGENT_WORLD_URL (default http://127.0.0.1:8787) with the key",
    "AGENT_WORLD_API_KEY (default: the local admin key in .dev.vars, for a local server only).",
    "",
    "commands:",
    ...columns(
      GROUPS.flatMap((group) =>
        group.commands.map((c): [string, string] => [
          `${group.name} ${c.name} ${c.args}`.trim(),
          c.summary,
        ]),
      ),
    ),
    "",
    "Run `agent-world <group> <command> --help` for a command's options; most take --json.",
  ].join("\n");
}
