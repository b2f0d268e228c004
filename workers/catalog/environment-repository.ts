// Environments as a listing: filtered by category, searched with FTS5 (best match first), and
// paged by keyset (name, or score then name) so deep pages cost the same as the first one. An
// environment whose every version is yanked is left out of listings and search, but still read
// by name (marked yanked), so old references say what happened.
import { and, asc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import type { CatalogDb } from "./catalog-db";
import { environments, environmentVersions } from "./schema";
import { type Cursor, decodeCursor, encodeCursor, toFtsQuery } from "./search";

export interface EnvironmentSummary {
  name: string;
  title: string;
  description: string;
  domain: string;
  subdomain: string;
  latestVersion: string;
  createdAt: string;
  updatedAt: string;
  tableCount: number;
  rowCount: number;
  toolCount: number;
  /** Who may publish versions and yank them (null: admins only); never shown in the catalog. */
  ownerKeyId: string | null;
  /** Set when every version is yanked: when the latest one was. */
  yankedAt: string | null;
}

export interface ListEnvironmentsOptions {
  q?: string;
  domain?: string;
  subdomain?: string;
  limit: number;
  cursor?: string;
}

export interface EnvironmentPage {
  environments: EnvironmentSummary[];
  nextCursor: string | null;
}

/** Column weights for bm25: a hit in the name counts most, then title, tool names, category. */
const rank = sql<number>`bm25(environments_fts, 10.0, 5.0, 1.0, 2.0, 3.0)`;

const summaryColumns = {
  name: environments.name,
  title: environments.title,
  description: environments.description,
  domain: environments.domain,
  subdomain: environments.subdomain,
  latestVersion: environments.latestVersion,
  createdAt: environments.createdAt,
  updatedAt: environments.updatedAt,
  tableCount: environmentVersions.tableCount,
  rowCount: environmentVersions.rowCount,
  toolCount: environmentVersions.toolCount,
  ownerKeyId: environments.ownerKeyId,
  // The latest version is yanked only when every version is (version-order.ts).
  yankedAt: environmentVersions.yankedAt,
};

const latestVersionJoin = and(
  eq(environmentVersions.name, environments.name),
  eq(environmentVersions.version, environments.latestVersion),
);

export async function getEnvironment(
  db: CatalogDb,
  name: string,
): Promise<EnvironmentSummary | undefined> {
  const rows = await db
    .select(summaryColumns)
    .from(environments)
    .innerJoin(environmentVersions, latestVersionJoin)
    .where(eq(environments.name, name))
    .limit(1);
  return rows[0];
}

export async function listEnvironments(
  db: CatalogDb,
  options: ListEnvironmentsOptions,
): Promise<EnvironmentPage> {
  const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  const filters: (SQL | undefined)[] = [
    isNull(environmentVersions.yankedAt),
    options.domain === undefined ? undefined : eq(environments.domain, options.domain),
    options.subdomain === undefined ? undefined : eq(environments.subdomain, options.subdomain),
  ];
  if (options.q === undefined) {
    const rows = await db
      .select(summaryColumns)
      .from(environments)
      .innerJoin(environmentVersions, latestVersionJoin)
      .where(and(...filters, after && gt(environments.name, after.n)))
      .orderBy(asc(environments.name))
      .limit(options.limit + 1);
    return page(rows, options.limit, (last) => encodeCursor({ n: last.name }));
  }
  // Scores are computed once in a subquery so the keyset can compare them.
  const hits = sql`(select name as hit_name, ${rank} as score from environments_fts
    where environments_fts match ${toFtsQuery(options.q)}) as hits`;
  const score = sql<number>`hits.score`;
  const keyset = after && searchKeyset(score, after);
  const rows = await db
    .select({ ...summaryColumns, score })
    .from(environments)
    .innerJoin(hits, sql`hits.hit_name = ${environments.name}`)
    .innerJoin(environmentVersions, latestVersionJoin)
    .where(and(...filters, keyset))
    .orderBy(score, asc(environments.name))
    .limit(options.limit + 1);
  return page(rows, options.limit, (last) => encodeCursor({ n: last.name, s: last.score }));
}

function searchKeyset(score: SQL<number>, after: Cursor): SQL | undefined {
  if (after.s === undefined) {
    throw new AppError("bad_request", "This cursor belongs to a listing without `q`.");
  }
  return or(
    sql`${score} > ${after.s}`,
    and(sql`${score} = ${after.s}`, gt(environments.name, after.n)),
  );
}

function page<T extends EnvironmentSummary>(
  rows: T[],
  limit: number,
  cursorOf: (last: T) => string,
): EnvironmentPage {
  const visible = rows.slice(0, limit);
  const last = visible.at(-1);
  const more = rows.length > limit && last !== undefined;
  return {
    environments: visible.map(summaryOf),
    nextCursor: more ? cursorOf(last) : null,
  };
}

function summaryOf(row: EnvironmentSummary): EnvironmentSummary {
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    domain: row.domain,
    subdomain: row.subdomain,
    latestVersion: row.latestVersion,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    tableCount: row.tableCount,
    rowCount: row.rowCount,
    toolCount: row.toolCount,
    ownerKeyId: row.ownerKeyId,
    yankedAt: row.yankedAt,
  };
}
