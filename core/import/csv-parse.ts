// An RFC 4180 CSV reader: quoted fields, `""` escapes, newlines inside quotes, CRLF/LF/CR line ends,
// and delimiter sniffing. Small enough to own; every record remembers the line it starts on.
import { AppError } from "../base/errors";

export interface CsvRecord {
  /** 1-based line of the source where the record starts. */
  line: number;
  /** `null` is an empty unquoted field; a quoted `""` is the empty string. */
  fields: (string | null)[];
}

export const CSV_DELIMITERS = [",", ";", "\t", "|"] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Parses `text` (BOM already removed). Blank lines are skipped; `maxRecords` stops early. */
export function parseCsv(text: string, delimiter: string, maxRecords = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: (string | null)[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  const isLineEnd = (c: string | undefined) => c === "\n" || c === "\r";
  const endLine = () => {
    // CRLF counts as one line end.
    if (text[i] === "\r" && text[i + 1] === "\n") i++;
    i++;
    line++;
  };

  while (i < n && records.length < maxRecords) {
    let value: string | null;
    if (text[i] === '"') {
      const openLine = line;
      i++;
      let chunk = "";
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) {
          throw new AppError(
            "validation_failed",
            `CSV line ${openLine}: a quoted field is never closed.`,
            { line: openLine },
          );
        }
        const part = text.slice(i, quote);
        chunk += part;
        line += countLineEnds(part);
        if (text[quote + 1] === '"') {
          chunk += '"';
          i = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      const next = text[i];
      if (i < n && next !== delimiter && !isLineEnd(next)) {
        throw new AppError(
          "validation_failed",
          `CSV line ${line}: unexpected ${JSON.stringify(next)} after a closing quote (quotes inside a field must be doubled).`,
          { line },
        );
      }
      value = chunk;
    } else {
      let end = i;
      while (end < n && text[end] !== delimiter && !isLineEnd(text[end])) end++;
      value = end > i ? text.slice(i, end) : null;
      i = end;
    }
    fields.push(value);
    if (i < n && text[i] === delimiter) {
      i++;
      // A delimiter at the very end of the text still ends a (final, empty) field.
      if (i === n) fields.push(null);
      if (i < n) continue;
    } else if (i < n) endLine();
    const blank = fields.length === 1 && fields[0] === null;
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
    recordLine = line;
  }
  return records;
}

function countLineEnds(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\n") count++;
    else if (text[i] === "\r" && text[i + 1] !== "\n") count++;
  }
  return count;
}

/**
 * The delimiter that splits the first records into the same number (more than one) of fields;
 * among those, the one giving the most fields. Comma when nothing qualifies.
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; score: number } = { delimiter: ",", score: 0 };
  for (const delimiter of CSV_DELIMITERS) {
    let records: CsvRecord[];
    try {
      records = parseCsv(text, delimiter, 20);
    } catch {
      continue;
    }
    const width = records[0]?.fields.length ?? 0;
    if (width < 2) continue;
    const consistent = records.every((r) => r.fields.length === width);
    const score = (consistent ? 1000 : 0) + width;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}
