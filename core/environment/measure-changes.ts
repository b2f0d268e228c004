// What a test call changed: the tables change tracking saw written, diffed against the seed.
// Admission runs every test from the seed state (each in a rolled-back transaction), so the
// diff against the seed is exactly the call's effect.
import { touchedTables } from "../episode/change-tracking";
import type { SqlDatabase } from "../episode/sql-database";
import { diffAgainstSeed, summarizeDiff } from "../episode/state-diff";
import { type ChangeCounts, normalizeChanges } from "./change-counts";
import type { SeedData } from "./spec";

export function measureChanges(db: SqlDatabase, seed: SeedData): ChangeCounts {
  const tables = touchedTables(db);
  if (tables.length === 0) return {};
  return normalizeChanges(summarizeDiff(diffAgainstSeed(db, seed, tables)));
}
