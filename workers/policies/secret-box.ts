// Seals a policy's API key for D1 and opens it again: AES-256-GCM (WebCrypto, so the same code runs
// in Workers and Node) under a key derived with HKDF from AGENT_WORLD_SECRETS_KEY. The stored text
// is `v1.<base64 iv>.<base64 ciphertext+tag>`; the version prefix leaves room for a key rotation.
import { AppError } from "../../core/base/errors";

/** A shorter secret is more likely a placeholder than a key worth encrypting under. */
export const MIN_SECRETS_KEY_LENGTH = 16;
const VERSION = "v1";
const IV_BYTES = 12;
// Fixed strings: changing either makes every stored key unreadable.
const HKDF_SALT = new TextEncoder().encode("agent-world/policy-secrets");
const HKDF_INFO = new TextEncoder().encode("v1 aes-256-gcm policy api key");

/** Encrypts `plaintext`; a fresh random IV each call, so equal keys seal to different texts. */
export async function sealSecret(
  secretsKey: string | undefined,
  plaintext: string,
): Promise<string> {
  const key = await derivedKey(secretsKey);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    key,
    new TextEncoder().encode(plaintext),
  );
  return `${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

/** Decrypts what `sealSecret` made under the same secrets key; anything else is an error. */
export async function openSecret(secretsKey: string | undefined, sealed: string): Promise<string> {
  const key = await derivedKey(secretsKey);
  const parts = sealed.split(".");
  const [version, ivText, cipherText] = parts;
  if (parts.length !== 3 || version !== VERSION || !ivText || !cipherText) throw undecryptable();
  try {
    const iv = fromBase64(ivText);
    if (iv.byteLength !== IV_BYTES) throw undecryptable();
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, key, fromBase64(cipherText));
    return new TextDecoder().decode(plain);
  } catch {
    // A wrong key and a tampered text fail the same GCM tag check; neither can be told apart.
    throw undecryptable();
  }
}

/** The one derived key of the last secret seen: HKDF runs once per isolate, not per request. */
let cached: { secret: string; key: Promise<CryptoKey> } | undefined;

function derivedKey(secretsKey: string | undefined): Promise<CryptoKey> {
  if (secretsKey === undefined || secretsKey.length < MIN_SECRETS_KEY_LENGTH) {
    throw new AppError(
      "unavailable",
      `Policy API keys are stored encrypted, and the server has no AGENT_WORLD_SECRETS_KEY (a random string of at least ${MIN_SECRETS_KEY_LENGTH} characters) to encrypt them with. Set it with \`wrangler secret put AGENT_WORLD_SECRETS_KEY\`, or locally in .dev.vars (which \`npm start\` writes).`,
      { missing: "AGENT_WORLD_SECRETS_KEY" },
    );
  }
  if (cached?.secret !== secretsKey) {
    cached = { secret: secretsKey, key: deriveKey(secretsKey) };
  }
  return cached.key;
}

async function deriveKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    "HKDF",
    false,
    ["deriveKey"],
  );
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: HKDF_SALT, info: HKDF_INFO },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

function undecryptable(): AppError {
  return new AppError(
    "internal",
    "A stored policy API key cannot be decrypted (was AGENT_WORLD_SECRETS_KEY changed?). Set the key again with PUT /v1/policies/{name}.",
  );
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws on text that is not base64 (atob's DOMException), which the caller maps. */
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
