// Northwind, the order-to-cash sample ERP (customers, orders, products, suppliers, shippers,
// employees and territories), with tools generated from its schema and rows.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CatalogEntry } from "../catalog-entry";
import { generateCatalogTools } from "../generated-tools";
import { seedFromSqlite } from "../sqlite-source";

const databasePath = fileURLToPath(new URL("./northwind.db", import.meta.url));

export const northwind: CatalogEntry = {
  name: "northwind",
  version: "1.0.0",
  assemble() {
    const { schemaSql, seed } = seedFromSqlite(databasePath);
    const sha256 = createHash("sha256").update(readFileSync(databasePath)).digest("hex");
    return {
      name: this.name,
      version: this.version,
      title: "Northwind Traders",
      description:
        "Back office of Northwind Traders, a specialty foods importer: 91 customers, 830 orders " +
        "with 2,155 order lines, 77 products from 29 suppliers in 8 categories, 3 shippers, 9 " +
        "employees and their sales territories. The agent looks up and searches every record, " +
        "follows relations (a customer's orders, an order's lines), records new orders and " +
        "products, updates and deletes what nothing else refers to, and totals sales.",
      category: { domain: "commerce", subdomain: "wholesale-erp" },
      provenance: [
        {
          kind: "dataset",
          name: "Northwind SQLite (northwind.db built from create.sql and update.sql)",
          url: "https://github.com/jpwhite3/northwind-SQLite3/tree/4f56e7f5906dfd23b25244c5bfe8fb5da6402efd",
          license: "MIT",
          sha256,
          notes:
            "Conversion (c) 2016 JP White, MIT; the underlying Northwind sample data is Microsoft's, " +
            "published under MIT in microsoft/sql-server-samples.",
        },
        {
          kind: "generated",
          name: "agent-world schema-driven tool generation (core/toolgen)",
          license: "MIT",
        },
      ],
      schemaSql,
      seed,
      clockStart: "2025-01-06T09:00:00.000Z",
      tools: generateCatalogTools(schemaSql, seed),
    };
  },
};
