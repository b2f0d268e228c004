// Every environment the catalog ships. Add one by writing `catalog/<name>/environment.ts`
// (a `CatalogEntry`) and listing it here.
import type { CatalogEntry } from "./catalog-entry";
import { chinook } from "./chinook/environment";

export const catalogEntries: readonly CatalogEntry[] = [chinook];
