// The JavaScript body of a gzip tool (see gzip.ts), run in the sandbox: decode a
// `data:` URI (percent-encoded or base64), gzip the bytes with stored deflate blocks and a CRC-32,
// store the result as a session resource and answer a resource link or the resource itself.
// http(s) URLs are refused: an episode has no network. Work is bounded by C.maxBytes.
import { SESSION_RESOURCE_TABLE } from "./session";

export const GZIP_BODY = `
  const name = args[C.nameArg] === undefined ? C.defaultName : args[C.nameArg];
  const data = args[C.dataArg] === undefined ? C.defaultData : args[C.dataArg];
  const shown = data.length > 120 ? data.slice(0, 117) + "..." : data;
  const fail = (code, why) => ctx.fail(code, "Error processing file " + shown + ": " + why);
  const outputType = C.outputArg === null || args[C.outputArg] === undefined ? C.defaultOutput : args[C.outputArg];
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(data);
  const protocol = scheme ? scheme[1].toLowerCase() : "";
  if (protocol === "http" || protocol === "https") {
    return fail("network_unavailable", "this environment has no network access, so " + protocol + " URLs cannot be fetched; pass the content as a data: URI such as data:text/plain;base64,SGVsbG8=");
  }
  if (protocol !== "data") return fail("invalid_argument", "Unsupported URL protocol for " + shown + ". Only http, https, and data URLs are supported.");
  const comma = data.indexOf(",");
  if (comma < 0) return fail("invalid_argument", "a data URI needs a comma before its content");
  const isBase64 = /;[ \\t]*base64[ \\t]*$/i.test(data.slice(5, comma));
  const tooBig = () => fail("invalid_argument", "the content is larger than " + C.maxBytes + " bytes, the most this environment compresses in one call");
  const hex = "0123456789abcdef";
  const pct = [];
  const body = data.slice(comma + 1);
  for (let i = 0; i < body.length; i++) {
    if (pct.length > C.maxBytes * 2) return tooBig();
    const ch = body.charCodeAt(i);
    if (ch === 37 && i + 2 < body.length) {
      const hi = hex.indexOf(body[i + 1].toLowerCase());
      const lo = hex.indexOf(body[i + 2].toLowerCase());
      if (hi >= 0 && lo >= 0) { pct.push(hi * 16 + lo); i += 2; continue; }
    }
    let cp = ch;
    if (ch >= 0xd800 && ch < 0xdc00 && i + 1 < body.length) {
      const low = body.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) { cp = 0x10000 + ((ch - 0xd800) << 10) + (low - 0xdc00); i++; }
    }
    if (cp < 0x80) pct.push(cp);
    else if (cp < 0x800) pct.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) pct.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else pct.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  let bytes = pct;
  if (isBase64) {
    const chars = pct.filter((b) => b !== 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13);
    if (chars.length % 4 === 0) for (let k = 0; k < 2 && chars.length > 0 && chars[chars.length - 1] === 61; k++) chars.pop();
    if (chars.length % 4 === 1) return fail("invalid_argument", "the data URI's base64 content is not valid base64");
    bytes = [];
    let acc = 0;
    let bits = 0;
    for (const c of chars) {
      const v = alphabet.indexOf(String.fromCharCode(c));
      if (v < 0) return fail("invalid_argument", "the data URI's base64 content is not valid base64");
      acc = ((acc << 6) | v) & 0xffffff;
      bits += 6;
      if (bits >= 8) { bits -= 8; bytes.push((acc >> bits) & 255); }
    }
  }
  if (bytes.length > C.maxBytes) return tooBig();
  const table = [];
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table.push(c >>> 0);
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = table[(crc ^ b) & 255] ^ (crc >>> 8);
  crc = (crc ^ 0xffffffff) >>> 0;
  const le32 = (n) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
  const out = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
  const blocks = Math.max(1, Math.ceil(bytes.length / 65535));
  for (let i = 0; i < blocks; i++) {
    const chunk = bytes.slice(i * 65535, (i + 1) * 65535);
    out.push(i === blocks - 1 ? 1 : 0, chunk.length & 255, chunk.length >>> 8, ~chunk.length & 255, (~chunk.length >>> 8) & 255);
    for (const b of chunk) out.push(b);
  }
  for (const b of le32(crc).concat(le32(bytes.length))) out.push(b);
  const parts = [];
  for (let i = 0; i < out.length; i += 3) {
    const n = (out[i] << 16) | ((out[i + 1] || 0) << 8) | (out[i + 2] || 0);
    parts.push(alphabet[(n >> 18) & 63] + alphabet[(n >> 12) & 63] + (i + 1 < out.length ? alphabet[(n >> 6) & 63] : "=") + (i + 2 < out.length ? alphabet[n & 63] : "="));
  }
  const blob = parts.join("");
  const uri = C.uriBase + name;
  const description = "Gzip-compressed version of '" + name + "', available for reading during the current session.";
  const row = [name, C.mimeType, description, blob, out.length, bytes.length, ctx.now(), uri];
  const known = ctx.one('SELECT "uri" FROM "${SESSION_RESOURCE_TABLE}" WHERE "uri" = ?', [uri]);
  if (known === null) {
    ctx.run('INSERT INTO "${SESSION_RESOURCE_TABLE}" ("name", "mime_type", "description", "blob", "size", "source_size", "created_at", "uri") VALUES (?, ?, ?, ?, ?, ?, ?, ?)', row);
  } else {
    ctx.run('UPDATE "${SESSION_RESOURCE_TABLE}" SET "name" = ?, "mime_type" = ?, "description" = ?, "blob" = ?, "size" = ?, "source_size" = ?, "created_at" = ? WHERE "uri" = ?', row);
  }
  if (outputType === "resource") return { content: [{ type: "resource", resource: { uri: uri, mimeType: C.mimeType, blob: blob } }] };
  return { content: [{ type: "resource_link", uri: uri, name: name, mimeType: C.mimeType, description: description }] };`;
