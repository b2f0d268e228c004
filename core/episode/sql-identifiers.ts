// Quoting for names and literals we put into SQL text ourselves. Values travel as bound parameters;
// names (tables, columns, triggers) cannot, so they are always double-quoted here.

/** `Order Details` -> `"Order Details"`, `a"b` -> `"a""b"`: safe for any name, reserved words too. */
export function quoteIdentifier(name: string): string {
  if (name.includes("\u0000")) throw new Error("SQL names cannot contain NUL characters");
  return `"${name.replaceAll('"', '""')}"`;
}

/** A SQL string literal. Strings holding NUL go through `textLiteral`, which keeps every byte. */
export function quoteString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Any string as an exact SQL expression, NUL characters included. */
export function textLiteral(text: string): string {
  if (!text.includes("\u0000")) return quoteString(text);
  return `CAST(${blobLiteral(new TextEncoder().encode(text))} AS TEXT)`;
}

export function blobLiteral(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return `X'${hex}'`;
}

export function quoteIdentifierList(names: readonly string[]): string {
  return names.map(quoteIdentifier).join(", ");
}
