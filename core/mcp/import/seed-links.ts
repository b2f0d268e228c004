// Makes seed rows hang together: a column that names another entity (`entityName`,
// `issue_number`, a description saying "the name of the entity") takes that entity's keys, and
// columns that lists narrow by (`owner`, `repo`) repeat a few values so lists have several rows.
import type { SeedData, SqlValue } from "../../environment/spec";
import { normalize } from "../tool-json-schema";
import type { Column, EntityTable } from "./entities";

/** Rewrites `seed` in place; `shared` holds normalized names of columns lists filter on. */
export function linkSeedRows(
  tables: readonly EntityTable[],
  seed: SeedData,
  shared: ReadonlySet<string>,
): string[] {
  const notes: string[] = [];
  for (const table of tables) {
    const rows = seed.tables[table.name]?.rows ?? [];
    table.columns.forEach((column, i) => {
      if (column === table.key) return;
      const parent = tables.find((p) => p !== table && refersTo(column, p));
      const keys = parent ? keysOf(parent, seed) : [];
      if (parent && keys.length > 0) {
        rows.forEach((row, r) => {
          // Offset by the column so `from` and `to` of one row name different entities.
          row[i] = keys[(r + i) % keys.length] ?? null;
        });
        notes.push(`${table.name}.${column.name} takes ${parent.name}.${parent.key.name} values`);
      } else if (shared.has(normalize(column.name)) && column.kind === "text") {
        rows.forEach((row, r) => {
          row[i] = rows[r % 2]?.[i] ?? null;
        });
      }
    });
  }
  return notes;
}

function refersTo(column: Column, parent: EntityTable): boolean {
  const numeric = (c: Column) => c.kind === "integer" || c.kind === "real";
  const sameKind = column.kind === parent.key.kind || (numeric(column) && numeric(parent.key));
  if (!sameKind) return false;
  const name = normalize(column.name);
  const key = normalize(parent.key.name);
  const noun = normalize(parent.name);
  if (name === key && key !== "id" && key !== "name") return true;
  if (name === `${noun}${key}` || name === `${noun}${key}s`) return true;
  const about =
    typeof column.schema.description === "string" ? column.schema.description.toLowerCase() : "";
  const spaced = parent.name.replace(/_/g, " ");
  return [`${spaced} ${parent.key.name}`, `${parent.key.name} of the ${spaced}`].some((p) =>
    about.includes(p),
  );
}

function keysOf(table: EntityTable, seed: SeedData): SqlValue[] {
  const data = seed.tables[table.name];
  const at = data?.columns.indexOf(table.key.name) ?? -1;
  return at < 0 || !data ? [] : data.rows.map((r) => r[at] ?? null);
}
