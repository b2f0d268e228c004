// How a catalog tool is written down: the implementation lives in `<name>.js` beside this
// metadata (description, schemas, effect, tests), typed as the spec's *input* so test change
// counts may leave zeros out; the build parses everything with the spec's schemas.
import type { z } from "zod";
import type { ToolSpecSchema } from "../core/environment/spec";

export type ToolSpecInput = z.input<typeof ToolSpecSchema>;
export type ToolMeta = Omit<ToolSpecInput, "name" | "implementation">;
export type ToolTestInput = ToolSpecInput["tests"][number];

/** Identity, for contextual typing: a tool's metadata checked against the spec's input type. */
export function defineTool(meta: ToolMeta): ToolMeta {
  return meta;
}
