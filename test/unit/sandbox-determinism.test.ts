// The episode's PRNG, id generator, virtual clock and seeded host: same seed, same stream; state
// round-trips through JSON and continues exactly.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import {
  createIdGenerator,
  createPrng,
  createVirtualClock,
  restoreIdGenerator,
  restorePrng,
  restoreVirtualClock,
} from "../../core/sandbox/determinism";
import { createSeededHost, restoreSeededHost } from "../../core/sandbox/seeded-host";

const draw = (next: () => number, n: number) => Array.from({ length: n }, next);

describe("createPrng", () => {
  it("gives the same stream for the same seed and a different one for another seed", () => {
    const a = draw(createPrng("episode-1").next, 5);
    expect(draw(createPrng("episode-1").next, 5)).toEqual(a);
    expect(draw(createPrng("episode-2").next, 5)).not.toEqual(a);
  });

  it("stays in [0, 1) and is roughly uniform", () => {
    const values = draw(createPrng("uniform").next, 20_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.49);
    expect(mean).toBeLessThan(0.51);
    const buckets = new Array(10).fill(0);
    for (const v of values) buckets[Math.floor(v * 10)]++;
    for (const count of buckets) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });

  it("continues exactly from a state restored through JSON", () => {
    const prng = createPrng("resume");
    draw(prng.next, 7);
    const saved = JSON.parse(JSON.stringify(prng.state()));
    expect(draw(restorePrng(saved).next, 5)).toEqual(draw(prng.next, 5));
  });

  it("rejects a malformed state", () => {
    expect(() => restorePrng([1, 2, 3] as unknown as [number, number, number, number])).toThrow();
  });
});

describe("createIdGenerator", () => {
  it("makes prefixed, repeatable ids", () => {
    const ids = createIdGenerator("seed");
    const first = ids.next("ord");
    expect(first).toMatch(/^ord_[0-9a-f]{8}$/);
    expect(ids.next()).toMatch(/^[0-9a-f]{8}$/);
    expect(createIdGenerator("seed").next("ord")).toBe(first);
    expect(createIdGenerator("other").next("ord")).not.toBe(first);
  });

  it("never repeats an id (a keyed bijection of a counter)", () => {
    const ids = createIdGenerator("unique");
    const seen = new Set(Array.from({ length: 100_000 }, () => ids.next()));
    expect(seen.size).toBe(100_000);
  });

  it("continues from a saved state and refuses bad prefixes", () => {
    const ids = createIdGenerator("resume");
    ids.next("a");
    const saved = JSON.parse(JSON.stringify(ids.state()));
    expect(restoreIdGenerator(saved).next("x")).toBe(ids.next("x"));
    expect(() => ids.next("bad prefix")).toThrow(RangeError);
    expect(() => ids.next("x".repeat(33))).toThrow(RangeError);
  });
});

describe("createVirtualClock", () => {
  it("starts at the given instant, advances only forward, and restores", () => {
    const clock = createVirtualClock("2024-03-01T12:00:00Z");
    expect(clock.now()).toBe("2024-03-01T12:00:00.000Z");
    clock.advance(1500);
    expect(clock.now()).toBe("2024-03-01T12:00:01.500Z");
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(restoreVirtualClock(clock.state()).nowMs()).toBe(clock.nowMs());
    expect(() => createVirtualClock("not a date")).toThrow(RangeError);
  });
});

describe("createSeededHost", () => {
  it("draws random numbers and ids from separate streams and persists all three", () => {
    const db = openBetterSqlite();
    const a = createSeededHost(db, "s", "2024-01-01T00:00:00Z");
    const b = createSeededHost(db, "s", "2024-01-01T00:00:00Z");
    a.random();
    // Ids do not depend on how many random numbers were drawn before them.
    expect(a.id("c")).toBe(b.id("c"));
    a.clock.advance(60_000);
    const restored = restoreSeededHost(db, JSON.parse(JSON.stringify(a.state())));
    expect(restored.now()).toBe("2024-01-01T00:01:00.000Z");
    expect([restored.random(), restored.id()]).toEqual([a.random(), a.id()]);
  });
});
