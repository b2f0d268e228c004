// Writes the environment spec as JSON Schema into docs/schemas (`npm run docs:schemas`), so
// people writing environments outside TypeScript validate against the same Zod source.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { environmentSpecJsonSchema } from "../../core/environment/spec-json-schema";

const target = fileURLToPath(
  new URL("../../docs/schemas/environment-spec.schema.json", import.meta.url),
);
writeFileSync(target, `${JSON.stringify(environmentSpecJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
