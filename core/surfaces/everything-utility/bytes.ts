// Byte formats the utilities surface writes at import time: CRC-32, deflate "stored" blocks,
// gzip and zlib wrappers around them, and a PNG encoder. No compression: stored blocks are valid
// deflate that any inflater reads, and the tools' own JavaScript writes the same bytes (the tests
// of gzip-file-as-resource compare the two).

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as gzip and PNG use it). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
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

const MAX_STORED = 65535;

/** Deflate with stored blocks only: 5 bytes of header per 64 KiB block, then the bytes as they are. */
export function storedDeflate(bytes: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(bytes.length / MAX_STORED));
  const out = new Uint8Array(bytes.length + blocks * 5);
  let at = 0;
  for (let i = 0; i < blocks; i++) {
    const chunk = bytes.subarray(i * MAX_STORED, (i + 1) * MAX_STORED);
    out[at++] = i === blocks - 1 ? 1 : 0;
    out[at++] = chunk.length & 0xff;
    out[at++] = chunk.length >>> 8;
    out[at++] = ~chunk.length & 0xff;
    out[at++] = (~chunk.length >>> 8) & 0xff;
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function uint32le(n: number): Uint8Array {
  return new Uint8Array([n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff]);
}

function uint32be(n: number): Uint8Array {
  return new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
}

/** The gzip header the tools write: deflate, no name, mtime 0, OS Unix (as Node's gzipSync). */
export const GZIP_HEADER = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3] as const;

/** A gzip member of `bytes` (RFC 1952) with stored deflate blocks. */
export function gzipStored(bytes: Uint8Array): Uint8Array {
  return concat([
    new Uint8Array(GZIP_HEADER),
    storedDeflate(bytes),
    uint32le(crc32(bytes)),
    uint32le(bytes.length >>> 0),
  ]);
}

function zlibStored(bytes: Uint8Array): Uint8Array {
  return concat([new Uint8Array([0x78, 0x01]), storedDeflate(bytes), uint32be(adler32(bytes))]);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([new TextEncoder().encode(type), data]);
  return concat([uint32be(data.length), typed, uint32be(crc32(typed))]);
}

/** An 8-bit RGBA PNG of `width` x `height` pixels, `rgba` row by row. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error("encodePng: wrong pixel count");
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    // Filter type 0 (none) before each scanline.
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (1 + width * 4) + 1);
  }
  const header = concat([uint32be(width), uint32be(height), new Uint8Array([8, 6, 0, 0, 0])]);
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlibStored(raw)),
    pngChunk("IEND", new Uint8Array()),
  ]);
}
