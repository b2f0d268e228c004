import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { environmentSpecJsonSchema } from "../../core/environment/spec-json-schema";

describe("docs/schemas/environment-spec.schema.json", () => {
  it("is what the Zod spec generates (run `npm run docs:schemas` after changing the spec)", () => {
    const committed = JSON.parse(
      readFileSync(
        new URL("../../docs/schemas/environment-spec.schema.json", import.meta.url),
        "utf8",
      ),
    );
    expect(committed).toEqual(environmentSpecJsonSchema());
  });

  it("describes tools with implementation and tests as required", () => {
    const schema = environmentSpecJsonSchema() as { required: string[] };
    expect(schema.required).toEqual(
      expect.arrayContaining(["name", "version", "schemaSql", "seed", "tools"]),
    );
  });
});
