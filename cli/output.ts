// Where the CLI writes (injected, so tests read what a user would see) and the plain-text
// table used for human output. Machine output is `--json`, printed as the API sent it.

export interface Output {
  /** One or more lines of the command's result, to stdout. */
  print(text: string): void;
  /** Errors, warnings and hints, to stderr. */
  error(text: string): void;
}

export function printJson(out: Output, value: unknown): void {
  out.print(JSON.stringify(value, null, 2));
}

/** Longest cell of a `cut` column before it ends in an ellipsis (descriptions, arguments). */
const MAX_CELL = 60;
/** Width `fields` wraps long values to. */
const LINE_WIDTH = 100;

/** Aligned columns. Columns named in `cut` are shortened; ids and digests are never cut. */
export function table(headers: string[], rows: string[][], cut: string[] = []): string {
  const cutAt = new Set(cut.map((name) => headers.indexOf(name)));
  const cells = rows.map((row) =>
    row.map((cell, i) => (cutAt.has(i) ? truncate(oneLine(cell), MAX_CELL) : oneLine(cell))),
  );
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((row) => (row[i] ?? "").length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(headers), ...cells.map(line)].join("\n");
}

/** `key  value` lines with the keys aligned; undefined values are left out. */
export function fields(entries: [string, string | number | undefined][]): string {
  const present = entries.filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  );
  const width = Math.max(0, ...present.map(([key]) => key.length));
  const indent = " ".repeat(width + 2);
  return present
    .map(
      ([key, value]) =>
        `${key.padEnd(width)}  ${wrap(String(value), LINE_WIDTH - indent.length).join(`\n${indent}`)}`,
    )
    .join("\n");
}

/** Words into lines of at most `width` characters (a longer word gets a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of oneLine(text).split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Compact JSON for a table cell or a one-line message. */
export function compactJson(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}
