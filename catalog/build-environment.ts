// Assembles a catalog entry and validates it with the spec's schema, so nothing unparsed
// leaves the catalog build.
import { type EnvironmentSpec, EnvironmentSpecSchema } from "../core/environment/spec";
import type { CatalogEntry } from "./catalog-entry";

export async function buildEnvironment(entry: CatalogEntry): Promise<EnvironmentSpec> {
  const parsed = EnvironmentSpecSchema.safeParse(await entry.assemble());
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(
      `catalog entry ${entry.name} is not a valid environment:\n${issues.join("\n")}`,
    );
  }
  if (parsed.data.name !== entry.name || parsed.data.version !== entry.version) {
    throw new Error(
      `catalog entry ${entry.name}@${entry.version} built ${parsed.data.name}@${parsed.data.version}`,
    );
  }
  return parsed.data;
}
