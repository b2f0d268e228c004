// API key material: `aw_<keyId>_<secret>`, both parts base62 from crypto.getRandomValues. Only a
// SHA-256 of the whole key is stored; the secret has 256 bits, so a salt would add nothing.
import { sha256Hex } from "../../core/base/json";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 16 base62 characters, ~95 bits: unique without coordination, and not a secret. */
const KEY_ID_LENGTH = 16;
/** 43 base62 characters carry 256 bits of entropy. */
const SECRET_LENGTH = 43;
const KEY_PATTERN = /^aw_([0-9A-Za-z]{16})_([0-9A-Za-z]{43})$/;

export interface KeyMaterial {
  id: string;
  key: string;
}

export function generateKeyMaterial(): KeyMaterial {
  const id = randomBase62(KEY_ID_LENGTH);
  return { id, key: `aw_${id}_${randomBase62(SECRET_LENGTH)}` };
}

/** The key id of a well-formed key, or undefined: malformed keys never reach the database. */
export function keyIdOf(key: string): string | undefined {
  return KEY_PATTERN.exec(key)?.[1];
}

export function hashKey(key: string): Promise<string> {
  return sha256Hex(key);
}

/** Compares two SHA-256 hex digests without leaking where they differ. */
export function digestsEqual(a: string, b: string): boolean {
  const encoder = new TextEncoder();
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  // timingSafeEqual throws on unequal lengths; digests of one algorithm never differ in length.
  if (left.byteLength !== right.byteLength) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}

/** Uniform base62: bytes >= 248 (= 4 * 62) are drawn again instead of biasing `% 62`. */
function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += BASE62.charAt(byte % 62);
    }
  }
  return out;
}
