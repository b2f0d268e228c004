// The drizzle handle over the D1 catalog; every repository function takes one.
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type CatalogDb = DrizzleD1Database<typeof schema> & { $client: D1Database };

export function catalogDb(d1: D1Database): CatalogDb {
  return drizzle(d1, { schema });
}
