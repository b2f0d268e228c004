// The strict JSON reader: what JSON.parse accepts but a tool must not get (depth, 1e400,
// `__proto__`), each refused with a code, the limit and the path; everything else read as is.
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, readJson } from "../../core/base/json-input";

const arrays = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("readJson", () => {
  it("reads ordinary JSON, constructor and toString keys included", () => {
    const text = '{"a":[1,2.5,"x",null,true],"constructor":{"prototype":1},"toString":"s"}';
    const read = readJson(text);
    expect(read).toEqual({ ok: true, value: JSON.parse(text) });
    if (read.ok)
      expect(Object.keys(read.value as object)).toEqual(["a", "constructor", "toString"]);
  });

  it("refuses nesting past the limit with the limit and the path, at any size", () => {
    expect(readJson(arrays(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(readJson(arrays(MAX_JSON_DEPTH + 1))).toMatchObject({
      ok: false,
      error: {
        code: "too_deep",
        details: { limit: MAX_JSON_DEPTH, path: "/0".repeat(MAX_JSON_DEPTH) },
      },
    });
    // A megabyte of brackets: refused by the scan, never built into objects.
    expect(readJson(arrays(500_000), { maxBytes: 2_000_000 })).toMatchObject({
      ok: false,
      error: { code: "too_deep" },
    });
  });

  it("names the path through keys, escaped keys and array positions", () => {
    const text = '{"x":1,"a/b":[0,{"k~":{"deep":[[1]]}}]}';
    expect(readJson(text, { maxDepth: 4 })).toMatchObject({
      ok: false,
      error: { code: "too_deep", details: { limit: 4, path: "/a~1b/1/k~0/deep" } },
    });
    // Brackets and quotes inside strings do not count.
    expect(readJson('{"s":"[[[[{{{{\\"[[[["}', { maxDepth: 1 }).ok).toBe(true);
  });

  it("refuses numbers no double holds, naming where", () => {
    expect(readJson('{"customerId":1e400}')).toMatchObject({
      ok: false,
      error: { code: "number_out_of_range", details: { path: "/customerId" } },
    });
    expect(readJson("[1,[-1e999]]")).toMatchObject({
      ok: false,
      error: { code: "number_out_of_range", details: { path: "/1/0" } },
    });
    expect(readJson("1e308")).toEqual({ ok: true, value: 1e308 });
  });

  it("refuses a __proto__ key at any depth instead of dropping it", () => {
    expect(readJson('{"__proto__":{"polluted":true},"query":"love"}')).toMatchObject({
      ok: false,
      error: { code: "reserved_key", details: { path: "/__proto__", key: "__proto__" } },
    });
    expect(readJson('{"a":[{"__proto__":1}]}')).toMatchObject({
      ok: false,
      error: { code: "reserved_key", details: { path: "/a/0/__proto__" } },
    });
    expect(readJson('{"a":"__proto__"}').ok).toBe(true);
  });

  it("refuses text that is not JSON and text over the size limit", () => {
    expect(readJson("{oops")).toMatchObject({ ok: false, error: { code: "invalid_json" } });
    expect(readJson("")).toMatchObject({ ok: false, error: { code: "invalid_json" } });
    expect(readJson('"ééé"', { maxBytes: 7 })).toMatchObject({
      ok: false,
      error: { code: "payload_too_large", details: { limitBytes: 7 } },
    });
    expect(readJson('"ééé"', { maxBytes: 8 }).ok).toBe(true);
  });
});
