// The API reference page in a real headless Chromium (Debian's `chromium`), against a real local
// platform (`wrangler dev` with throwaway state): the page loads the OpenAPI document and lists
// every operation, grouped by tag.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "../../cli/dev/ephemeral-platform";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const root = fileURLToPath(new URL("../..", import.meta.url));

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's \`chromium\` or set CHROMIUM_PATH.`,
    );
  }
  platform = await startPlatform(root);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe("/v1/docs", () => {
  it("renders every operation of the OpenAPI document, grouped by tag", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(`${platform.baseUrl}/v1/docs`);
    await page.waitForSelector("details summary");

    const headings = await page.locator("main h2").allTextContents();
    expect(headings).toEqual(
      expect.arrayContaining(["Catalog", "Episodes", "Tool calls", "Episode state"]),
    );
    const summaries = await page.locator("details summary").allTextContents();
    expect(summaries.some((s) => s.includes("/v1/episodes/{id}/tools/{tool}"))).toBe(true);
    expect(summaries.some((s) => s.includes("/v1/episodes/{id}/mcp"))).toBe(true);

    const spec = (await (await fetch(`${platform.baseUrl}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(spec.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(summaries).toHaveLength(operations);

    await page
      .locator("details summary", { hasText: "/v1/episodes/{id}/tool_calls" })
      .first()
      .click();
    await expect
      .poll(() => page.locator("details[open] pre").first().textContent())
      .toContain("tool_calls");
    expect(errors).toEqual([]);
    await page.close();
  });
});
