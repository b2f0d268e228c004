// WASI imports for a sandbox VM with no view of the host: the clock is the episode's virtual clock,
// "random" bytes are a fixed stream, and writes to stdout/stderr are swallowed.
import type { WasiOptions } from "quickjs-wasi";

const ERRNO_SUCCESS = 0;

export function deterministicWasi(clockMs: () => number): WasiOptions {
  return (memory) => ({
    // Both CLOCK_REALTIME (Date) and CLOCK_MONOTONIC read the virtual clock.
    clock_time_get(_clockId: number, _precision: bigint, resultPtr: number): number {
      const ns = BigInt(Math.trunc(clockMs())) * 1_000_000n;
      new DataView(memory.buffer).setBigUint64(resultPtr, ns, true);
      return ERRNO_SUCCESS;
    },
    // Only libc start-up and QuickJS's own Math.random seed read this; Math.random is replaced by
    // the host PRNG anyway, so a fixed xorshift stream keeps every VM byte-identical.
    random_get(bufPtr: number, bufLen: number): number {
      const bytes = new Uint8Array(memory.buffer, bufPtr, bufLen);
      let x = 0x9e3779b9;
      for (let i = 0; i < bufLen; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        bytes[i] = x & 0xff;
      }
      return ERRNO_SUCCESS;
    },
    fd_write(_fd: number, iovsPtr: number, iovsLen: number, nwrittenPtr: number): number {
      const view = new DataView(memory.buffer);
      let total = 0;
      for (let i = 0; i < iovsLen; i++) total += view.getUint32(iovsPtr + i * 8 + 4, true);
      view.setUint32(nwrittenPtr, total, true);
      return ERRNO_SUCCESS;
    },
  });
}
