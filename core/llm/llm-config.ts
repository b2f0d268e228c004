// Which OpenAI-compatible endpoint the LLM steps talk to: `LLM_BASE_URL`, `LLM_API_KEY`,
// `LLM_MODEL` from the Worker's env (or any plain record). No base URL or model: no LLM.
import { z } from "zod";
import { AppError } from "../base/errors";

export const LlmConfigSchema = z.object({
  /** e.g. `https://api.openai.com/v1` or `http://vllm:8000/v1`; `/chat/completions` is appended. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  /** Sent as `Authorization: Bearer`; empty for a local server that needs no key. */
  apiKey: z.string(),
  model: z.string().min(1).max(200),
});
export type LlmConfig = z.infer<typeof LlmConfigSchema>;

/** What an LLM-only step says when no model is configured (it does not pretend). */
export const LLM_NOT_CONFIGURED =
  "No LLM is configured (set LLM_BASE_URL, LLM_MODEL and, if the endpoint needs one, LLM_API_KEY), " +
  "so the coding agent was skipped: only the deterministic tools were generated.";

/** The configured endpoint, or null when `LLM_BASE_URL` or `LLM_MODEL` is unset or empty. */
export function llmConfigFrom(env: Readonly<Record<string, unknown>>): LlmConfig | null {
  const baseUrl = setting(env, "LLM_BASE_URL");
  const model = setting(env, "LLM_MODEL");
  if (baseUrl === "" || model === "") return null;
  const parsed = LlmConfigSchema.safeParse({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: setting(env, "LLM_API_KEY"),
    model,
  });
  if (!parsed.success) {
    throw new AppError("validation_failed", "The LLM settings are not usable.", {
      issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    });
  }
  return parsed.data;
}

function setting(env: Readonly<Record<string, unknown>>, key: string): string {
  const value = env[key];
  return typeof value === "string" ? value.trim() : "";
}
