// What an MCP import reports: tables made, tools implemented (and by which surface), tools left out
// with the reason, and notes.
export interface McpImportReport {
  server: string;
  tables: { name: string; key: string; columns: string[]; rows: number }[];
  implemented: {
    tool: string;
    original: string;
    table: string;
    verb: string;
    /** The surface that implemented it; absent for entity tools. */
    surface?: string;
  }[];
  /** Tools with no implementation here: `not yet implemented`, with the reason. */
  leftOut: { tool: string; status: "not yet implemented"; reason: string }[];
  notes: string[];
  /** Where a SQL surface's database came from. */
  database?: string;
}
