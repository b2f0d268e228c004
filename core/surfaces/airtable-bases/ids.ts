// Airtable-style ids (`app`, `tbl`, `fld`, `viw`, `rec`, `com`, `usr`, `sel` and 14 letters or
// digits) derived from a key by a small hash, so the seed and the tools' new ids are the same on
// every import and run. The guest code carries the same function as source (ID_BODY_SOURCE);
// test/unit/mcp-bases-surface.test.ts checks that the two agree on the ids the tools hand out.

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Fourteen base-62 characters from `key` (FNV-1a, then a multiply-xorshift stream). */
export function idBody(key: string): string {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
  let out = "";
  for (let i = 0; i < 14; i++) {
    h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
    h = (h + 0x9e3779b9 + i) >>> 0;
    out += ALPHABET[h % 62];
  }
  return out;
}

export const airtableId = (prefix: string, key: string) => `${prefix}${idBody(key)}`;

/** The same function for the guest: `idBody(key)`. */
export const ID_BODY_SOURCE = `
  const ID_ALPHABET = ${JSON.stringify(ALPHABET)};
  const idBody = (key) => {
    let h = 2166136261;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
    let out = "";
    for (let i = 0; i < 14; i++) {
      h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
      h = (h + 0x9e3779b9 + i) >>> 0;
      out += ID_ALPHABET[h % 62];
    }
    return out;
  };`;
