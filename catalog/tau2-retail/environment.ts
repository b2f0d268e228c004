// tau2-bench's retail domain: its nested JSON database (products with variants, users with
// payment methods, orders with items, fulfillments and payment history) flattened losslessly
// into related tables, with tools generated from them.
import { readFileSync } from "node:fs";
import { importNestedJson } from "../../core/import/nested-json-import";
import type { CatalogEntry } from "../catalog-entry";
import { datasetFile, datasetProvenance } from "../datasets/dataset-files";
import { generateCatalogTools } from "../generated-tools";

export const tau2Retail: CatalogEntry = {
  name: "tau2-retail",
  version: "1.1.0",
  assemble() {
    const bytes = readFileSync(datasetFile("tau2", "retail/db.json"));
    const { schemaSql, seed } = importNestedJson(bytes, { sourceName: "db.json" });
    return {
      name: this.name,
      version: this.version,
      title: "tau2-bench retail store",
      description:
        "The retail domain of tau2-bench: 50 products with 591 variants, 500 users with their " +
        "payment methods, and 1,000 orders with items, fulfillments and payment history. The " +
        "agent looks up users, products and orders, follows their relations, and records changes.",
      category: { domain: "commerce", subdomain: "online-retail" },
      provenance: [
        datasetProvenance(
          "tau2",
          "The retail domain's database tau2/data/tau2/domains/retail/db.json, flattened by " +
            "core/importers/nested-json-import.",
        ),
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
