// How a policy samples its turns: the OpenAI sampling parameters a rollout batch may set. A named
// policy carries defaults; the batch's own values win.
import { z } from "zod";

export const SamplingSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().gt(0).max(1).optional(),
  max_tokens: z.number().int().min(1).max(131_072).optional(),
  stop: z.array(z.string().min(1).max(100)).max(4).optional(),
  /** Seeds the model's sampling where the server supports it (vLLM, SGLang, OpenAI). */
  seed: z.number().int().optional(),
});
export type Sampling = z.infer<typeof SamplingSchema>;

/** The batch's values over the policy's defaults, field by field. */
export function mergeSampling(defaults: Sampling, overrides: Sampling): Sampling {
  return { ...defaults, ...stripUndefined(overrides) };
}

function stripUndefined(sampling: Sampling): Sampling {
  return Object.fromEntries(
    Object.entries(sampling).filter(([, value]) => value !== undefined),
  ) as Sampling;
}
