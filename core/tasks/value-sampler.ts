// Real argument values for a tool's inputs: from the environment's own rows (a column whose name
// matches the input), from the arguments of the tool's passing tests, or from the input's enum.
// Drawn with the synthesis PRNG, so the same seed gives the same values.
import type { Json } from "../base/json";
import type { Prng } from "../sandbox/determinism";
import type { ToolField, ToolProfile } from "./tool-profile";

export interface ValueSampler {
  /** Up to `limit` distinct candidate values for `input` of `tool`, best first; empty when none. */
  candidates(tool: ToolProfile, input: ToolField, limit: number, rng: Prng): Json[];
  /**
   * Values for several inputs read from one real row, when they name columns of one table (a task
   * and the request it belongs to), matching the `fixed` values already chosen; undefined when no
   * such table or row exists. Optional: a sampler without it draws each input on its own.
   */
  row?(
    tool: ToolProfile,
    inputs: readonly ToolField[],
    fixed: Readonly<Record<string, Json>>,
    rng: Prng,
  ): Record<string, Json> | undefined;
}
