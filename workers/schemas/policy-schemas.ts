// HTTP shapes of named policies (`/v1/policies`). The CLI reads the same shapes. The API key goes
// in and never comes out: a view says only whether one is set and its last four characters.
import { z } from "@hono/zod-openapi";
import { SamplingSchema } from "../../core/rollouts/sampling";
import { BUILT_IN_POLICIES, isBuiltInPolicy } from "../policies/resolved-policy";

export const POLICY_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const PolicyNameSchema = z
  .string()
  .regex(
    POLICY_NAME_PATTERN,
    "A policy name is 1-64 characters of a-z, 0-9, `.`, `_` and `-`, starting with a letter or digit.",
  )
  .openapi({ example: "qwen3-8b-vllm" });

/** An http(s) URL without credentials, query or fragment; trailing slashes are dropped. */
const BaseUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .superRefine((value, ctx) => {
    const problem = baseUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value.replace(/\/+$/, ""))
  .openapi({
    description:
      "The OpenAI-compatible API root; the client appends `/chat/completions` (so usually ending in `/v1`)",
    example: "http://127.0.0.1:8000/v1",
  });

const policyFields = {
  baseUrl: BaseUrlSchema,
  model: z.string().min(1).max(200).openapi({ example: "Qwen/Qwen3-8B" }),
  timeoutSeconds: z.number().int().min(1).max(600).default(60).openapi({
    description: "Per completion attempt",
  }),
  maxAttempts: z.number().int().min(1).max(10).default(4).openapi({
    description: "HTTP attempts per completion, the first included (retries on 429/5xx/timeouts)",
  }),
  sampling: SamplingSchema.default({}).openapi({
    description: "Defaults; a rollout batch's own `sampling` wins field by field",
  }),
};

const apiKeyField = z.string().min(1).max(4096).openapi({
  description:
    "Sent as `Authorization: Bearer <apiKey>`. Stored encrypted (AGENT_WORLD_SECRETS_KEY) and never returned.",
});

export const CreatePolicyBody = z
  .object({
    name: PolicyNameSchema.refine((name) => !isBuiltInPolicy(name), {
      message: "`oracle` and `random` are built-in policies; choose another name.",
    }),
    ...policyFields,
    apiKey: apiKeyField.optional(),
  })
  .openapi("CreatePolicy");
export type CreatePolicyRequest = z.infer<typeof CreatePolicyBody>;

export const ReplacePolicyBody = z
  .object({
    ...policyFields,
    apiKey: apiKeyField.nullable().optional().openapi({
      description: "A new key; omitted keeps the stored key, `null` removes it",
    }),
  })
  .openapi("ReplacePolicy");
export type ReplacePolicyRequest = z.infer<typeof ReplacePolicyBody>;

export const PolicyNameParams = z.object({
  name: PolicyNameSchema.openapi({ param: { name: "name", in: "path" } }),
});

/** Policies are per key; an admin reads or changes another key's with `?owner=<key id>`. */
export const PolicyOwnerQuery = z.object({
  owner: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "`owner` is an API key id, e.g. `k7f3a9c2d1e0`.")
    .optional()
    .openapi({
      description:
        "Admin keys only: the id of the key whose policies to address (default: the caller's own)",
    }),
});

export const PolicyViewSchema = z
  .object({
    name: z.string(),
    kind: z.literal("openai"),
    baseUrl: z.string(),
    model: z.string(),
    apiKey: z.object({
      set: z.boolean(),
      hint: z.string().nullable().openapi({
        description: "`…` and the key's last 4 characters; null without a key or for keys under 12",
        example: "…3f9a",
      }),
    }),
    timeoutSeconds: z.number().int(),
    maxAttempts: z.number().int(),
    sampling: SamplingSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Policy");
export type PolicyView = z.infer<typeof PolicyViewSchema>;

export const BuiltInPolicyViewSchema = z
  .object({
    name: z.enum(BUILT_IN_POLICIES),
    kind: z.enum(BUILT_IN_POLICIES),
    builtIn: z.literal(true),
  })
  .openapi("BuiltInPolicy", {
    description: "`oracle` replays the task's reference solution; `random` makes random calls",
  });

export const PolicyResponseSchema = z
  .object({ policy: PolicyViewSchema })
  .openapi("PolicyResponse");

export const AnyPolicyResponseSchema = z
  .object({ policy: z.union([PolicyViewSchema, BuiltInPolicyViewSchema]) })
  .openapi("AnyPolicyResponse");

export const PolicyListSchema = z
  .object({
    policies: z.array(PolicyViewSchema).openapi({ description: "Named policies, by name" }),
    builtIn: z.array(z.enum(BUILT_IN_POLICIES)),
  })
  .openapi("PolicyList");

function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "`baseUrl` must be an absolute http(s) URL, such as http://127.0.0.1:8000/v1.";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return "`baseUrl` must use http or https.";
  }
  // A key in the URL would be stored in clear and shown back; it belongs in `apiKey`.
  if (url.username || url.password) return "`baseUrl` must not hold credentials; use `apiKey`.";
  // `?` or `#` with nothing after them leave `search` and `hash` empty, so look at the text.
  if (value.includes("?") || value.includes("#")) {
    return "`baseUrl` must not have a query or fragment: `/chat/completions` is appended to it.";
  }
  return undefined;
}
