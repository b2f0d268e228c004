// Chinook, the hand-built reference environment: a digital music store (artists, albums,
// tracks, customers, invoices, playlists, employees) with the tools its support agent uses.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CatalogEntry } from "../catalog-entry";
import { loadTools } from "../load-tools";
import { seedFromSqlite } from "../sqlite-source";
import { chinookTools } from "./tools/index";

const here = dirname(fileURLToPath(import.meta.url));
export const chinookSqlitePath = join(here, "Chinook_Sqlite.sqlite");

export const chinook: CatalogEntry = {
  name: "chinook",
  version: "1.0.0",
  assemble() {
    const { schemaSql, seed } = seedFromSqlite(chinookSqlitePath);
    const sha256 = createHash("sha256").update(readFileSync(chinookSqlitePath)).digest("hex");
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
        {
          kind: "dataset",
          name: "Chinook Database (Chinook_Sqlite.sqlite)",
          url: "https://github.com/lerocha/chinook-database/tree/7f67772503d71ba90f19283c38e93923addb43fa",
          license: "MIT",
          sha256,
          notes:
            "Copyright (c) 2008-2024 Luis Rocha; file ChinookDatabase/DataSources/Chinook_Sqlite.sqlite " +
            "at commit 7f67772. Media data from an iTunes library; people are fictitious.",
        },
      ],
      schemaSql,
      seed,
      // The data's last invoice is dated 2025-12-22: new invoices should come after it.
      clockStart: "2026-01-05T09:00:00.000Z",
      tools: loadTools(join(here, "tools"), chinookTools),
    };
  },
};
