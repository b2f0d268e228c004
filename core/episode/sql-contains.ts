// "Contains this text, ignoring case": the one SQL test every generated search uses. Not LIKE:
// workerd's SQLite refuses LIKE/GLOB patterns over 50 bytes, and a pattern stops at NUL (so
// "\u0000" became `%` and matched every row). `instr` compares the bound text byte for byte, any
// length, with no wildcards to escape; `lower` folds ASCII letters only, as LIKE did.

/** The SQL condition for `column` containing the one bound parameter that follows it. */
export function containsSql(column: string): string {
  return `instr(lower(${column}), lower(?)) > 0`;
}

/** The same condition for guest code that builds SQL at run time: `contains(quotedColumn)`. */
export const CONTAINS_SQL_JS = `const contains = (column) => "instr(lower(" + column + "), lower(?)) > 0";`;
