// What the Worker hands an EpisodeDO to open an episode, and the episode's persisted record.
import { z } from "zod";
import { JsonSchema } from "../base/json";
import { SeededHostStateSchema } from "../sandbox/seeded-host";

export const EpisodeLimitsSchema = z.object({
  ttlSeconds: z
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600),
  maxSteps: z.number().int().min(1).max(100_000),
});

export const RuntimeToolSchema = z.object({
  name: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), JsonSchema),
  outputSchema: z.record(z.string(), JsonSchema).optional(),
  effect: z.enum(["read", "write"]),
  implementation: z.string(),
});

/** Where the seed rows are: an R2 key, or inline for small environments. */
export const SeedRefSchema = z.union([
  z.object({ r2Key: z.string() }),
  z.object({ inline: z.string().describe("SeedData as JSON text") }),
]);

export const EpisodeInitSchema = z.object({
  episodeId: z.string(),
  ownerKeyId: z.string(),
  environment: z.object({ name: z.string(), version: z.string(), contentHash: z.string() }),
  schemaSql: z.string(),
  seedRef: SeedRefSchema,
  tools: z.array(RuntimeToolSchema),
  seed: z.string().min(1).max(200),
  clockStart: z.string(),
  limits: EpisodeLimitsSchema,
  /** The task this episode was opened for: verify compares against its ground truth. */
  task: z.object({ id: z.string() }).optional(),
  /** Opened over the API: holds a slot of the owner's open-episode cap until it is buried. */
  holdsSlot: z.boolean().optional(),
});

export const EpisodeRecordSchema = EpisodeInitSchema.omit({ tools: true, schemaSql: true }).extend({
  createdAt: z.string(),
  expiresAt: z.string(),
  step: z.number().int(),
  /** The virtual clock, PRNG and id generator as they stand after the last step. */
  host: SeededHostStateSchema,
  tables: z.number().int(),
  rows: z.number().int(),
});

export type SeedRef = z.infer<typeof SeedRefSchema>;
export type EpisodeInit = z.infer<typeof EpisodeInitSchema>;
export type EpisodeRecord = z.infer<typeof EpisodeRecordSchema>;
export type RuntimeToolDef = z.infer<typeof RuntimeToolSchema>;

/** Every call advances the virtual clock by this much, so timestamps written by tools differ. */
export const CLOCK_STEP_MS = 1000;
export const DEFAULT_CLOCK_START = "2025-01-06T09:00:00.000Z";
