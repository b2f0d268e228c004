// `utility_session_resource`: resources a tool creates during the episode (the reference server's
// session-scoped resources, such as a gzipped file). Empty at the start; one row per URI, so
// creating the same name again replaces it, as the real server re-registers it.
import type { UtilityContext, UtilityTable } from "./kind";

export const SESSION_RESOURCE_TABLE = "utility_session_resource";
export const SESSION_URI_BASE = "demo://resource/session/";

export function sessionResourceTable(context: UtilityContext): UtilityTable {
  return context.table(SESSION_RESOURCE_TABLE, () => ({
    key: "uri",
    columns: [
      "uri",
      "name",
      "mime_type",
      "description",
      "blob",
      "size",
      "source_size",
      "created_at",
    ],
    ddl: `CREATE TABLE "${SESSION_RESOURCE_TABLE}" (\n  "uri" TEXT NOT NULL PRIMARY KEY,\n  "name" TEXT NOT NULL,\n  "mime_type" TEXT NOT NULL,\n  "description" TEXT,\n  "blob" TEXT NOT NULL,\n  "size" INTEGER NOT NULL,\n  "source_size" INTEGER NOT NULL,\n  "created_at" TEXT NOT NULL\n);`,
    rows: [],
  }));
}
