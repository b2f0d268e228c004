// The API key of a policy, read from a named environment variable or from stdin: never taken as a
// flag's value, so it stays out of shell history and process listings.
import {
  type CommandInput,
  flagOption,
  type OptionSpec,
  stringOption,
  UsageError,
} from "../command";

export const API_KEY_OPTIONS: Record<string, OptionSpec> = {
  "api-key-env": {
    type: "string",
    value: "VAR",
    description: "read the endpoint's API key from $VAR",
  },
  "api-key-stdin": { type: "boolean", description: "read the endpoint's API key from stdin" },
};

/** The key the flags point at; undefined when neither flag is given. */
export async function readApiKey(input: CommandInput): Promise<string | undefined> {
  const variable = stringOption(input, "api-key-env");
  const fromStdin = flagOption(input, "api-key-stdin");
  if (variable !== undefined && fromStdin)
    throw new UsageError("give --api-key-env or --api-key-stdin, not both");
  if (variable !== undefined) {
    const key = process.env[variable]?.trim();
    if (!key) throw new UsageError(`the environment variable ${variable} is not set or empty`);
    return key;
  }
  if (fromStdin) return keyFromStdin();
  return undefined;
}

async function keyFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("API key (then Enter and Ctrl-D): ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  }
  const key = Buffer.concat(chunks).toString("utf8").trim();
  if (key === "") throw new UsageError("--api-key-stdin: nothing was read from stdin");
  if (/\s/.test(key)) throw new UsageError("--api-key-stdin: the key must be one word on one line");
  return key;
}
