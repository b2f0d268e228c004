// The flags describing a policy's endpoint (`--base-url`, `--model`, `--timeout`,
// `--max-attempts`, sampling defaults), shared by `policies add` and `policies update`.
import {
  type CommandInput,
  intOption,
  type OptionSpec,
  stringOption,
  UsageError,
} from "../command";
import { SAMPLING_OPTIONS, type SamplingFlags, samplingFlags } from "./policies-sampling-options";

export const ENDPOINT_OPTIONS: Record<string, OptionSpec> = {
  "base-url": {
    type: "string",
    value: "URL",
    description: "the OpenAI-compatible API root, e.g. http://127.0.0.1:8000/v1",
  },
  model: { type: "string", value: "MODEL", description: "the model name the server expects" },
  timeout: {
    type: "string",
    value: "SECS",
    description: "per completion attempt, 1-600 (default 60)",
  },
  "max-attempts": {
    type: "string",
    value: "N",
    description: "tries per completion on 429/5xx/timeouts, 1-10 (default 4)",
  },
  ...SAMPLING_OPTIONS,
};

export interface EndpointFlags {
  baseUrl?: string;
  model?: string;
  timeoutSeconds?: number;
  maxAttempts?: number;
  sampling: SamplingFlags;
}

/** The endpoint flags given (absent ones are left out). */
export function endpointFlags(input: CommandInput): EndpointFlags {
  const text = (name: string) => {
    const value = stringOption(input, name)?.trim();
    if (value === "") throw new UsageError(`--${name} must not be empty`);
    return value;
  };
  const baseUrl = text("base-url");
  const model = text("model");
  const timeoutSeconds = intOption(input, "timeout", { min: 1, max: 600 });
  const maxAttempts = intOption(input, "max-attempts", { min: 1, max: 10 });
  return {
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(model === undefined ? {} : { model }),
    ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
    ...(maxAttempts === undefined ? {} : { maxAttempts }),
    sampling: samplingFlags(input),
  };
}
