// Tiny valid PNG and ICO files for the filesystem surface's seeded tree: an indexed-colour logo
// (CRC-32 chunks, zlib "stored" blocks) and a favicon that wraps one, so image tools get real bytes.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

function concat(parts: readonly (Uint8Array | number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([[...type].map((c) => c.charCodeAt(0)), data]);
  return concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** zlib stream of `raw` (not empty) in uncompressed blocks of at most 65,535 bytes. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const parts: (Uint8Array | number[])[] = [[0x78, 0x01]];
  for (let at = 0; at < raw.length; at += 65535) {
    const block = raw.subarray(at, at + 65535);
    const last = at + 65535 >= raw.length ? 1 : 0;
    const len = block.length;
    parts.push([last, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff], block);
  }
  parts.push(u32(adler32(raw)));
  return concat(parts);
}

export type Rgb = readonly [number, number, number];

/**
 * An 8-bit indexed PNG of `size` x `size` pixels: `pixel(x, y)` picks a palette index. The bytes
 * depend only on the arguments.
 */
export function indexedPng(
  size: number,
  palette: readonly Rgb[],
  pixel: (x: number, y: number) => number,
): Uint8Array {
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) rows.push(pixel(x, y));
  }
  const header = concat([u32(size), u32(size), [8, 3, 0, 0, 0]]);
  return concat([
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    chunk("IHDR", header),
    chunk("PLTE", Uint8Array.from(palette.flat())),
    chunk("IDAT", zlibStored(Uint8Array.from(rows))),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** A Windows icon holding one PNG image (the format browsers accept for favicon.ico). */
export function icoOf(png: Uint8Array, size: number): Uint8Array {
  const le16 = (n: number) => [n & 0xff, n >> 8];
  const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  const entry = [size, size, 0, 0, ...le16(1), ...le16(32), ...le32(png.length), ...le32(22)];
  return concat([[...le16(0), ...le16(1), ...le16(1)], entry, png]);
}

/** A logo: a rounded badge in `badge` on `background`, with a diagonal stripe in `accent`. */
export function logoPng(size: number, background: Rgb, badge: Rgb, accent: Rgb): Uint8Array {
  const r = size / 2;
  return indexedPng(size, [background, badge, accent], (x, y) => {
    const dx = x + 0.5 - r;
    const dy = y + 0.5 - r;
    if (dx * dx + dy * dy > (r - 1) * (r - 1)) return 0;
    return Math.abs(x - y) <= Math.max(1, Math.floor(size / 10)) ? 2 : 1;
  });
}
