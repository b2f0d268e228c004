// Content addressing for the code host, in TypeScript (the seed) and as guest JavaScript (the
// tools), computed the same way on both sides: SHA-1 over UTF-8 bytes; a file's sha is git's blob
// id (`blob <bytes>\0<content>`), so it is the sha GitHub shows for the same content; a tree's sha
// hashes its sorted `path blob` lines (a flat snapshot, not git's nested tree objects); a commit's
// sha hashes git's commit text (tree, parents, author and committer with the Unix time, message).

export interface CommitText {
  treeSha: string;
  parents: readonly string[];
  authorName: string;
  authorEmail: string;
  /** ISO 8601. */
  at: string;
  message: string;
}

function sha1Bytes(bytes: Uint8Array): string {
  const length = bytes.length;
  const words = new Uint32Array((((length + 8) >> 6) + 1) * 16);
  for (let i = 0; i < length; i++)
    words[i >> 2] = (words[i >> 2] ?? 0) | ((bytes[i] ?? 0) << (24 - (i % 4) * 8));
  words[length >> 2] = (words[length >> 2] ?? 0) | (0x80 << (24 - (length % 4) * 8));
  words[words.length - 1] = length * 8;
  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  const w = new Uint32Array(80);
  for (let block = 0; block < words.length; block += 16) {
    for (let t = 0; t < 16; t++) w[t] = words[block + t] ?? 0;
    for (let t = 16; t < 80; t++) {
      const x = (w[t - 3] ?? 0) ^ (w[t - 8] ?? 0) ^ (w[t - 14] ?? 0) ^ (w[t - 16] ?? 0);
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let t = 0; t < 80; t++) {
      const f =
        t < 20
          ? (b & c) | (~b & d)
          : t < 40
            ? b ^ c ^ d
            : t < 60
              ? (b & c) | (b & d) | (c & d)
              : b ^ c ^ d;
      const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const temp = (((a << 5) | (a >>> 27)) + f + e + k + (w[t] ?? 0)) >>> 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = temp;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
  }
  return [h0, h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, "0")).join("");
}

export const utf8Bytes = (text: string) => new TextEncoder().encode(text);

export function sha1(text: string): string {
  return sha1Bytes(utf8Bytes(text));
}

export function blobSha(content: string): string {
  return sha1(`blob ${utf8Bytes(content).length}\u0000${content}`);
}

export function treeSha(tree: Readonly<Record<string, string>>): string {
  const lines = Object.keys(tree)
    .sort()
    .map((path) => `${path} ${tree[path]}\n`);
  return sha1(`tree\n${lines.join("")}`);
}

export function commitSha(c: CommitText): string {
  const stamp = `${c.authorName} <${c.authorEmail}> ${Math.floor(Date.parse(c.at) / 1000)} +0000`;
  const parents = c.parents.map((p) => `parent ${p}\n`).join("");
  return sha1(`tree ${c.treeSha}\n${parents}author ${stamp}\ncommitter ${stamp}\n\n${c.message}\n`);
}

/** The same functions for the guest: `sha1(text)`, `blobSha`, `treeSha`, `commitSha`, `utf8Length`. */
export const SHA_GUEST_JS = String.raw`
  const utf8 = (text) => {
    const out = [];
    for (let i = 0; i < text.length; i++) {
      let code = text.charCodeAt(i);
      if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low < 0xe000) { code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00); i++; }
      }
      if (code < 0x80) out.push(code);
      else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return out;
  };
  const utf8Length = (text) => utf8(text).length;
  const sha1 = (text) => {
    const bytes = utf8(text);
    const length = bytes.length;
    const words = new Array((((length + 8) >> 6) + 1) * 16).fill(0);
    for (let i = 0; i < length; i++) words[i >> 2] |= bytes[i] << (24 - (i % 4) * 8);
    words[length >> 2] |= 0x80 << (24 - (length % 4) * 8);
    words[words.length - 1] = length * 8;
    let h0 = 0x67452301, h1 = 0xefcdab89, h2 = 0x98badcfe, h3 = 0x10325476, h4 = 0xc3d2e1f0;
    const w = new Array(80);
    for (let block = 0; block < words.length; block += 16) {
      for (let t = 0; t < 16; t++) w[t] = words[block + t];
      for (let t = 16; t < 80; t++) { const x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]; w[t] = (x << 1) | (x >>> 31); }
      let a = h0, b = h1, c = h2, d = h3, e = h4;
      for (let t = 0; t < 80; t++) {
        const f = t < 20 ? (b & c) | (~b & d) : t < 40 ? b ^ c ^ d : t < 60 ? (b & c) | (b & d) | (c & d) : b ^ c ^ d;
        const k = t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
        const temp = (((a << 5) | (a >>> 27)) + f + e + k + w[t]) >>> 0;
        e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = temp;
      }
      h0 = (h0 + a) >>> 0; h1 = (h1 + b) >>> 0; h2 = (h2 + c) >>> 0; h3 = (h3 + d) >>> 0; h4 = (h4 + e) >>> 0;
    }
    return [h0, h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, "0")).join("");
  };
  const blobSha = (content) => sha1("blob " + utf8Length(content) + "\u0000" + content);
  const treeSha = (tree) => sha1("tree\n" + Object.keys(tree).sort().map((p) => p + " " + tree[p] + "\n").join(""));
  const commitSha = (c) => {
    const stamp = c.authorName + " <" + c.authorEmail + "> " + Math.floor(Date.parse(c.at) / 1000) + " +0000";
    const parents = c.parents.map((p) => "parent " + p + "\n").join("");
    return sha1("tree " + c.treeSha + "\n" + parents + "author " + stamp + "\ncommitter " + stamp + "\n\n" + c.message + "\n");
  };`;
