// The real datasets the tests use, copied into the repo with their licenses.
import { fileURLToPath } from "node:url";

/** The real datasets the episode tests use, copied into the repo with their licenses. */
export const datasets = {
  chinook: fileURLToPath(new URL("../../catalog/chinook/Chinook_Sqlite.sqlite", import.meta.url)),
  northwind: fileURLToPath(new URL("../fixtures/northwind.db", import.meta.url)),
} as const;
