// The sampling flags (`--temperature`, `--top-p`, `--max-tokens`, `--seed`) that both
// `policies add|update` (a policy's defaults) and `rollouts run` (a batch's own values) take.
import {
  type CommandInput,
  intOption,
  type OptionSpec,
  stringOption,
  UsageError,
} from "../command";

/** OpenAI's sampling fields, as the API takes them (core/rollouts/sampling.ts). */
export interface SamplingFlags {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  seed?: number;
}

export const SAMPLING_OPTIONS: Record<string, OptionSpec> = {
  temperature: { type: "string", value: "T", description: "sampling temperature, 0-2" },
  "top-p": { type: "string", value: "P", description: "nucleus sampling, above 0 and at most 1" },
  "max-tokens": { type: "string", value: "N", description: "most tokens per completion" },
  seed: { type: "string", value: "SEED", description: "sampling seed (where the server has one)" },
};

/** The sampling flags given, and only those (so the API's or the policy's defaults apply). */
export function samplingFlags(input: CommandInput): SamplingFlags {
  const temperature = numberOption(input, "temperature", 0, 2, false);
  const topP = numberOption(input, "top-p", 0, 1, true);
  const maxTokens = intOption(input, "max-tokens", { min: 1, max: 131_072 });
  const seed = intOption(input, "seed", {
    min: Number.MIN_SAFE_INTEGER,
    max: Number.MAX_SAFE_INTEGER,
  });
  return {
    ...(temperature === undefined ? {} : { temperature }),
    ...(topP === undefined ? {} : { top_p: topP }),
    ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
    ...(seed === undefined ? {} : { seed }),
  };
}

/** A decimal flag within [min, max] (or (min, max] when `aboveMin`). */
export function numberOption(
  input: CommandInput,
  name: string,
  min: number,
  max: number,
  aboveMin: boolean,
): number | undefined {
  const text = stringOption(input, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  const inRange = aboveMin ? value > min : value >= min;
  if (text.trim() === "" || !Number.isFinite(value) || !inRange || value > max) {
    const from = aboveMin ? `above ${min}` : `from ${min}`;
    throw new UsageError(`--${name} must be a number ${from} to ${max}`);
  }
  return value;
}
