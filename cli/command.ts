// The shape of a CLI command (options, positional arguments, help text, handler) and the
// argument parsing every command shares, on top of node:util parseArgs.
import { parseArgs } from "node:util";
import { UsageError } from "./cli-errors";
import type { CliConfig } from "./config";
import type { ApiClient } from "./http-client";
import type { Output } from "./output";

// The errors commands throw live in cli-errors.ts (config and polling use them without this file).
export { CliError, UsageError } from "./cli-errors";

export interface OptionSpec {
  type: "string" | "boolean";
  /** Placeholder shown in help, e.g. `SECS`. */
  value?: string;
  description: string;
}

export interface CommandInput {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

export interface CliContext {
  client: ApiClient;
  config: CliConfig;
  out: Output;
}

export interface Command {
  name: string;
  summary: string;
  /** What follows the command name, e.g. `<id> <tool> [json-args]`. */
  args: string;
  /** How many positionals are accepted. */
  arity: { min: number; max: number };
  options: Record<string, OptionSpec>;
  /** Extra help lines: examples, what the output is. */
  notes?: string[];
  /** Returns the exit code. */
  run(input: CommandInput, ctx: CliContext): Promise<number>;
}

export interface CommandGroup {
  name: string;
  summary: string;
  commands: Command[];
}

export const JSON_OPTION: OptionSpec = { type: "boolean", description: "print the API's JSON" };

export function parseCommandArgs(command: Command, argv: string[]): CommandInput {
  const options = Object.fromEntries(
    Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? cleanParseMessage(err.message) : String(err));
  }
  const { positionals } = parsed;
  if (positionals.length < command.arity.min) {
    throw new UsageError(`missing argument: expected ${command.args}`);
  }
  if (positionals.length > command.arity.max) {
    throw new UsageError(`unexpected argument: ${positionals[command.arity.max]}`);
  }
  const values: CommandInput["values"] = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === "string" || typeof value === "boolean") values[name] = value;
  }
  return { positionals, values };
}

/** parseArgs messages end with advice about `--` that does not apply to our commands. */
function cleanParseMessage(message: string): string {
  return message
    .replace(/\. To specify a positional argument.*$/s, "")
    .replace(/^Unknown/, "unknown");
}

export function stringOption(input: CommandInput, name: string): string | undefined {
  const value = input.values[name];
  return typeof value === "string" ? value : undefined;
}

export function flagOption(input: CommandInput, name: string): boolean {
  return input.values[name] === true;
}

export function intOption(
  input: CommandInput,
  name: string,
  range: { min: number; max: number },
): number | undefined {
  const text = stringOption(input, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || value < range.min || value > range.max) {
    throw new UsageError(`--${name} must be a whole number from ${range.min} to ${range.max}`);
  }
  return value;
}

/** The n-th positional; parseCommandArgs has already checked the count. */
export function positional(input: CommandInput, index: number): string {
  const value = input.positionals[index];
  if (value === undefined) throw new UsageError("missing argument");
  return value;
}

export function commandUsage(group: CommandGroup, command: Command): string {
  return `agent-world ${group.name} ${command.name}${command.args ? ` ${command.args}` : ""}`;
}

export function commandHelp(group: CommandGroup, command: Command): string {
  const lines = [`usage: ${commandUsage(group, command)} [options]`, "", command.summary];
  const options: [string, string][] = Object.entries(command.options).map(([name, spec]) => [
    `--${name}${spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : ""}`,
    spec.description,
  ]);
  options.push(["-h, --help", "show this help"]);
  lines.push("", "options:", ...columns(options));
  if (command.notes?.length) lines.push("", ...command.notes);
  return lines.join("\n");
}

export function groupHelp(group: CommandGroup): string {
  return [
    `usage: agent-world ${group.name} <command> [options]`,
    "",
    group.summary,
    "",
    "commands:",
    ...columns(group.commands.map((c) => [`${c.name} ${c.args}`.trim(), c.summary])),
    "",
    `Run \`agent-world ${group.name} <command> --help\` for a command's options.`,
  ].join("\n");
}

export function columns(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}
