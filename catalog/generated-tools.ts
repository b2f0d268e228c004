// Tools for a catalog environment generated from its schema and rows (core/toolgen), in Node at
// build time: the data is loaded the way an episode loads it, then the generator reads it.
import type { SeedData, ToolSpec } from "../core/environment/spec";
import { loadSchemaAndSeed } from "../core/episode/seed-loader";
import { type GenerateToolsOptions, generateTools } from "../core/toolgen/generate-tools";
import { openBetterSqlite } from "./better-sqlite-database";

export function generateCatalogTools(
  schemaSql: string,
  seed: SeedData,
  options: GenerateToolsOptions = {},
): ToolSpec[] {
  const db = openBetterSqlite();
  try {
    db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
    return generateTools(db, options).tools;
  } finally {
    db.raw.close();
  }
}
