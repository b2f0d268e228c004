// Turning what a person types into a safe FTS5 query, and the opaque keyset cursor of a listing.
import { z } from "zod";
import { AppError } from "../../core/base/errors";

/**
 * Every word becomes a quoted prefix term, ANDed: `music sto` -> `"music"* "sto"*`. Quoting means
 * FTS5 operators and punctuation in the text can never be a syntax error.
 */
export function toFtsQuery(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) {
    throw new AppError(
      "bad_request",
      "The search text `q` has no letters or digits to search for.",
    );
  }
  return words
    .slice(0, 16)
    .map((word) => `"${word}"*`)
    .join(" ");
}

/** Position after the last row of a page: its name, and its search score when searching. */
const CursorSchema = z.object({ n: z.string().min(1), s: z.number().optional() });
export type Cursor = z.infer<typeof CursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function decodeCursor(text: string): Cursor {
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return CursorSchema.parse(JSON.parse(json));
  } catch {
    throw new AppError(
      "bad_request",
      "The cursor is not valid: pass back the `nextCursor` of the previous page unchanged.",
    );
  }
}
