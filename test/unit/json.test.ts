import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash } from "../../core/base/json";

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("hashes equal content equally whatever the key order", async () => {
    expect(await contentHash({ a: 1, b: 2 })).toBe(await contentHash({ b: 2, a: 1 }));
    expect(await contentHash({ a: 1 })).not.toBe(await contentHash({ a: 2 }));
  });
});
