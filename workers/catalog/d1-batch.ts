// Runs drizzle-built statements as one D1 batch (one transaction). drizzle 0.45's own `batch`
// cannot bind the parameters of raw `db.run(sql)` statements (it reads a prepared statement they
// do not have), so the catalog prepares the D1 statements itself from each query's SQL.
interface BuiltQuery {
  sql: string;
  params: unknown[];
}

export type Batchable = { toSQL(): BuiltQuery } | { getQuery(): BuiltQuery };

export function runBatch(d1: D1Database, statements: readonly Batchable[]): Promise<D1Result[]> {
  return d1.batch(
    statements.map((statement) => {
      const query = "toSQL" in statement ? statement.toSQL() : statement.getQuery();
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}
