// Every environment the catalog ships. Add one by writing `catalog/<name>/environment.ts`
// (a `CatalogEntry`) and listing it here.
import type { CatalogEntry } from "./catalog-entry";
import { chinook } from "./chinook/environment";
import { mcpCatalogEntries } from "./mcp/environments";
import { nycFlights } from "./nyc-flights/environment";
import { tau2Retail } from "./tau2-retail/environment";

export const catalogEntries: readonly CatalogEntry[] = [
  chinook,
  nycFlights,
  tau2Retail,
  ...mcpCatalogEntries(),
];
