// The policy secret box in Node's WebCrypto (the same API workerd has): a round trip, a fresh IV
// each time, tampering and a wrong key refused, a missing key answered with what to set.
import { describe, expect, it } from "vitest";
import { AppError } from "../../core/base/errors";
import { apiKeyHint } from "../../workers/policies/api-key-hint";
import { openSecret, sealSecret } from "../../workers/policies/secret-box";

const SECRETS_KEY = "unit-test-secrets-key-0123456789";
const API_KEY = "sk-live-0123456789abcdefXYZ9";

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

/** Flips one bit of the byte at `index` of a base64 text. */
function flipBit(base64: string, index: number): string {
  const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return btoa(String.fromCharCode(...bytes));
}

describe("sealSecret / openSecret", () => {
  it("round-trips a key as v1.<iv>.<ciphertext>, with no trace of the key in the text", async () => {
    const sealed = await sealSecret(SECRETS_KEY, API_KEY);
    const [version, iv, cipher, ...rest] = sealed.split(".");
    expect(version).toBe("v1");
    expect(rest).toEqual([]);
    expect(atob(iv ?? "")).toHaveLength(12);
    // AES-GCM: as long as the plaintext, plus a 16-byte tag.
    expect(atob(cipher ?? "")).toHaveLength(new TextEncoder().encode(API_KEY).length + 16);
    expect(sealed).not.toContain(API_KEY);
    expect(sealed).not.toContain("XYZ9");
    expect(await openSecret(SECRETS_KEY, sealed)).toBe(API_KEY);
  });

  it("round-trips non-ASCII text and the longest key the API accepts", async () => {
    for (const plain of ["clé-🔑-ключ", "k".repeat(4096)]) {
      expect(await openSecret(SECRETS_KEY, await sealSecret(SECRETS_KEY, plain))).toBe(plain);
    }
  });

  it("draws a fresh IV each time, so one key seals to different texts", async () => {
    const sealed = await Promise.all([1, 2, 3].map(() => sealSecret(SECRETS_KEY, API_KEY)));
    expect(new Set(sealed).size).toBe(3);
    expect(new Set(sealed.map((text) => text.split(".")[1])).size).toBe(3);
    for (const text of sealed) expect(await openSecret(SECRETS_KEY, text)).toBe(API_KEY);
  });

  it("refuses a tampered ciphertext, IV or format as undecryptable (internal)", async () => {
    const sealed = await sealSecret(SECRETS_KEY, API_KEY);
    const [, iv = "", cipher = ""] = sealed.split(".");
    const tampered = [
      `v1.${iv}.${flipBit(cipher, 0)}`,
      `v1.${iv}.${flipBit(cipher, atob(cipher).length - 1)}`,
      `v1.${flipBit(iv, 5)}.${cipher}`,
      `v2.${iv}.${cipher}`,
      `v1.${iv}`,
      `v1.${iv}.${cipher}.x`,
      `v1.!!!.${cipher}`,
      `v1.${btoa("short")}.${cipher}`,
      API_KEY,
    ];
    for (const text of tampered) {
      const err = await appErrorOf(openSecret(SECRETS_KEY, text));
      expect(err.code, text).toBe("internal");
      expect(err.message).toContain("cannot be decrypted");
      expect(err.message).toContain("was AGENT_WORLD_SECRETS_KEY changed?");
    }
  });

  it("refuses a text sealed under another secrets key", async () => {
    const sealed = await sealSecret(SECRETS_KEY, API_KEY);
    const err = await appErrorOf(openSecret(`${SECRETS_KEY}-rotated`, sealed));
    expect(err.code).toBe("internal");
    expect(err.message).toContain("was AGENT_WORLD_SECRETS_KEY changed?");
    expect(err.message).not.toContain(API_KEY);
    // The original key still opens it: the derived-key cache follows the secret it is given.
    expect(await openSecret(SECRETS_KEY, sealed)).toBe(API_KEY);
  });

  it("says what to set when the secrets key is missing or shorter than 16 characters", async () => {
    const sealed = await sealSecret(SECRETS_KEY, API_KEY);
    for (const secretsKey of [undefined, "", "fifteen-chars!!"]) {
      for (const attempt of [sealSecret(secretsKey, API_KEY), openSecret(secretsKey, sealed)]) {
        const err = await appErrorOf(attempt);
        expect(err.code).toBe("unavailable");
        expect(err.status).toBe(503);
        expect(err.message).toContain("wrangler secret put AGENT_WORLD_SECRETS_KEY");
        expect(err.message).toContain(".dev.vars");
        expect(err.message).toContain("npm start");
      }
    }
    expect(await sealSecret("sixteen-chars!!!", API_KEY)).toMatch(/^v1\./);
  });
});

describe("apiKeyHint", () => {
  it("shows the last four characters of a key of 12 or more, and nothing of a shorter one", () => {
    expect(apiKeyHint(API_KEY)).toBe("…XYZ9");
    expect(apiKeyHint("abcdefgh1234")).toBe("…1234");
    expect(apiKeyHint("abcdefgh123")).toBeNull();
    expect(apiKeyHint("x")).toBeNull();
  });
});
