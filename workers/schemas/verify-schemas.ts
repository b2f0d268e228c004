// Request and response shapes of verify and autoplay on an episode opened for a task.
import { z } from "@hono/zod-openapi";
import { JsonSchema } from "../../core/base/json";
import { ComponentsSchema, DiffRefSchema } from "../../core/tasks/verification-schema";

export const VerifyBody = z
  .object({
    answer: JsonSchema.optional().openapi({
      description: "The agent's final answer: text, a number, a list or JSON",
    }),
  })
  .openapi("VerifyRequest");

export const VerificationSchema = z
  .object({
    task: z.string(),
    reward: z.number(),
    components: ComponentsSchema,
    diff: DiffRefSchema,
  })
  .openapi("Verification");

export const AutoplayBody = z
  .object({
    policy: z.enum(["oracle", "random"]),
    errorRate: z.number().min(0).max(1).default(0).openapi({
      description: "oracle only: each call is dropped with this probability",
    }),
    calls: z.number().int().min(1).max(100).default(8).openapi({
      description: "random only: how many schema-valid random calls to make",
    }),
    seed: z.string().min(1).max(200).optional(),
    verify: z.boolean().default(true).openapi({ description: "Verify the episode afterwards" }),
  })
  .openapi("AutoplayRequest");

export const AutoplayResultSchema = z
  .object({
    policy: z.enum(["oracle", "random"]),
    calls: z.array(z.object({ tool: z.string(), ok: z.boolean() })),
    answer: JsonSchema,
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    verification: VerificationSchema.optional(),
  })
  .openapi("AutoplayResult");
