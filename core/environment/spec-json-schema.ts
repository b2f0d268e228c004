// The environment spec as a JSON Schema document (draft 2020-12), generated from the Zod schema.
import { z } from "zod";
import { EnvironmentSpecSchema } from "./spec";

export function environmentSpecJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(EnvironmentSpecSchema, { target: "draft-2020-12", io: "input" });
  return {
    ...schema,
    $id: "https://agent-world.dev/schemas/environment-spec.schema.json",
    title: "Agent World environment spec",
    description:
      "An environment version: metadata, provenance, SQLite schema, seed rows and tools with their unit tests.",
  };
}
