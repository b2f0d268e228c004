import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";

it("works", async () => {
  const res = await exports.default.fetch("http://x/");
  expect(await res.json()).toEqual({ r: { n: 1, v: 42 }, d: { one: 1 } });
});
