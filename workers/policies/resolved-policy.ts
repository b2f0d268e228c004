// A policy as a rollout uses it: one of the two built-ins, or a named OpenAI-compatible endpoint
// with its API key decrypted (only ever in memory, never in a response or a trajectory).
import type { OpenAiPolicySettings } from "../../core/rollouts/openai-policy";
import type { Sampling } from "../../core/rollouts/sampling";

export const BUILT_IN_POLICIES = ["oracle", "random"] as const;
export type BuiltInPolicy = (typeof BUILT_IN_POLICIES)[number];

/** An OpenAI-compatible endpoint as the policy client takes it, its key decrypted, plus defaults. */
export interface OpenAiPolicyConfig extends OpenAiPolicySettings {
  /** Defaults a batch's own sampling overrides. */
  sampling: Sampling;
}

export type ResolvedPolicy =
  | { kind: BuiltInPolicy; name: BuiltInPolicy }
  | ({ kind: "openai" } & OpenAiPolicyConfig);

/** What a batch row and a trajectory keep of the policy: never the key. */
export interface PolicySnapshot {
  name: string;
  kind: "openai" | BuiltInPolicy;
  model?: string;
  baseUrl?: string;
  timeoutMs?: number;
  maxAttempts?: number;
  sampling?: Sampling;
}

export function isBuiltInPolicy(name: string): name is BuiltInPolicy {
  return (BUILT_IN_POLICIES as readonly string[]).includes(name);
}
