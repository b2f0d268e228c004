import { readFileSync } from "node:fs";
import { it } from "vitest";
import { importMcpSpec } from "../../core/importers/mcp-spec-import";
it("report", () => {
  for (const n of ["airtable","filesystem","github","gmail","google-calendar","hubspot","memory","notion","slack","sqlite-npx-chinook","taskmanager"]) {
    const r = importMcpSpec(readFileSync(`/work/main/test/fixtures/mcp-specs/${n}.json`, "utf8"));
    console.log(n, r.report.tables.map((t) => `${t.name}(${t.key}: ${t.columns.join(",")})`).join(" | "));
    console.log("   ", r.report.implemented.map((t) => `${t.original}:${t.verb}`).join(" "));
  }
});
