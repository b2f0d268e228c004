// One starter environment of the catalog: how to assemble its spec from the files in its
// folder. `entries.ts` lists them; `build.ts` writes each to `catalog/dist/<name>.json`.
import type { z } from "zod";
import type { EnvironmentSpecSchema } from "../core/environment/spec";

/** A spec as written, before the schema fills defaults (`match`, zero change counts). */
export type EnvironmentSpecInput = z.input<typeof EnvironmentSpecSchema>;

export interface CatalogEntry {
  name: string;
  version: string;
  /** Assembles the spec (not yet validated: `buildEnvironment` parses it). */
  assemble(): Promise<EnvironmentSpecInput> | EnvironmentSpecInput;
}
