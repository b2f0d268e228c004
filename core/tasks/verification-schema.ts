// The verifier's verdict as data (core/tasks/verify.ts makes it): the reward, its named components
// and the state changes that were missing or unexpected. One schema for the verify endpoint's
// answer and for a rollout's trajectory.
import { z } from "zod";

export const ComponentSchema = z.object({
  score: z.number(),
  weight: z.number(),
  detail: z.string(),
});

export const ChangeRefSchema = z.object({
  table: z.string(),
  op: z.enum(["insert", "update", "delete"]),
  row: z.record(z.string(), z.unknown()),
});

export const ComponentsSchema = z.object({
  state: ComponentSchema.optional(),
  answer: ComponentSchema.optional(),
  rubric: ComponentSchema.optional(),
});

export const DiffRefSchema = z.object({
  missing: z.array(ChangeRefSchema),
  unexpected: z.array(ChangeRefSchema),
});
