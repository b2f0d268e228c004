// How a policy is printed: its endpoint, whether a key is set (the last characters at most, as the
// API shows them), its limits and sampling defaults. The built-ins say what they do.
import type { z } from "zod";
import type { BuiltInPolicyView, PolicySampling, PolicyView } from "../api-schemas";
import { fields } from "../output";

export const BUILT_IN_DESCRIPTIONS: Record<string, string> = {
  oracle: "replays each task's reference solution (platform overhead, reward 1)",
  random: "makes schema-valid random tool calls (a floor for rewards)",
};

export function policyFields(policy: z.infer<typeof PolicyView>): string {
  return fields([
    ["name", policy.name],
    ["kind", policy.kind],
    ["base url", policy.baseUrl],
    ["model", policy.model],
    ["api key", apiKeyText(policy.apiKey)],
    ["timeout", `${policy.timeoutSeconds} s per attempt`],
    ["attempts", policy.maxAttempts],
    ["sampling", samplingText(policy.sampling)],
    ["created", policy.createdAt],
    ["updated", policy.updatedAt],
  ]);
}

export function builtInFields(policy: z.infer<typeof BuiltInPolicyView>): string {
  return fields([
    ["name", policy.name],
    ["kind", `${policy.kind} (built in)`],
    ["what", BUILT_IN_DESCRIPTIONS[policy.kind]],
  ]);
}

export function apiKeyText(key: { set: boolean; hint: string | null }): string {
  if (!key.set) return "none";
  return key.hint ? `set (${key.hint})` : "set";
}

export function samplingText(sampling: z.infer<typeof PolicySampling>): string {
  const entries = Object.entries(sampling).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return "server defaults";
  return entries.map(([name, value]) => `${name} ${JSON.stringify(value)}`).join(", ");
}
