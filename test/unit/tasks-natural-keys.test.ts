// Natural keys: a small fleet database whose keys are named for what they are (`ships.hull`,
// `stations.callsign`), referenced as `voyages.ship_hull` and, under a role name, `home_port`.
// Their lookups (`get_ship(hull)`) make them identifiers and relations, so the tool graph links
// them strongly and the program grammar finds plans; name-keyed environments gain no such keys.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import chinookJson from "../../catalog/dist/chinook.json";
import githubJson from "../../catalog/dist/mcp-github.json";
import { type EnvironmentSpec, EnvironmentSpecSchema } from "../../core/environment/spec";
import { extractDatabase } from "../../core/import/database-extract";
import { createPrng } from "../../core/sandbox/determinism";
import type { GeneratorContext } from "../../core/tasks/draft";
import { PROGRAM_TEMPLATES, planProgramTask } from "../../core/tasks/programs/program-grammar";
import { createSampler } from "../../core/tasks/sampler";
import { buildToolGraph } from "../../core/tasks/tool-graph";
import type { ToolProfile } from "../../core/tasks/tool-profile";
import { profileTools } from "../../core/tasks/tool-profiles";
import { generatedToolsSpec } from "../support/generated-spec";
import { type NodeWorld, nodeWorld } from "../support/synthesis-harness";

const SCHEMA = `
CREATE TABLE ships (hull TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL, tonnage INTEGER NOT NULL);
CREATE TABLE stations (callsign TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL, depth REAL NOT NULL);
CREATE TABLE voyages (
  id INTEGER NOT NULL PRIMARY KEY,
  ship_hull TEXT NOT NULL REFERENCES ships (hull),
  home_port TEXT NOT NULL REFERENCES stations (callsign),
  days INTEGER NOT NULL,
  cargo REAL NOT NULL
);`;

const SHIPS = ["Albatross", "Bittern", "Cormorant", "Dunlin"];
const STATIONS = ["Northwatch", "Eastreach", "Southmoor"];

function fleetSpec(): EnvironmentSpec {
  const db = openBetterSqlite();
  db.transaction(() => {
    db.raw.exec(SCHEMA);
    for (const [i, name] of SHIPS.entries()) {
      db.run("INSERT INTO ships VALUES (?, ?, ?)", [`HX-${101 + i}`, name, 900 + i * 350]);
    }
    for (const [i, name] of STATIONS.entries()) {
      db.run("INSERT INTO stations VALUES (?, ?, ?)", [`K${"NES"[i]}Q`, name, 12.5 + i * 4]);
    }
    for (let n = 0; n < 14; n++) {
      db.run("INSERT INTO voyages VALUES (?, ?, ?, ?, ?)", [
        n + 1,
        `HX-${101 + (n % SHIPS.length)}`,
        `K${"NES"[(n * 2) % STATIONS.length]}Q`,
        3 + ((n * 7) % 11),
        10 + ((n * 37) % 90) + 0.5,
      ]);
    }
  });
  const extracted = extractDatabase(db);
  db.raw.close();
  return generatedToolsSpec(
    {
      name: "fleet",
      title: "Fleet voyages (test fixture)",
      description: "Ships, their home stations and voyages, with generated tools.",
    },
    extracted,
  );
}

function profile(profiles: readonly ToolProfile[], name: string): ToolProfile {
  const found = profiles.find((p) => p.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

describe("natural keys", () => {
  let world: NodeWorld;
  let profiles: ToolProfile[];
  beforeAll(async () => {
    world = await nodeWorld(fleetSpec());
    profiles = profileTools(world.world.tools);
  });
  afterAll(() => world.close());

  it("takes a lookup's one echoed input as its entity's key, and fields that name it", () => {
    const keys = buildToolGraph(profiles).keys;
    expect(keys.get("hull")).toEqual({ entity: "ship", attr: "hull" });
    expect(keys.get("callsign")).toEqual({ entity: "station", attr: "callsign" });
    // `<entity> <key>` by name; a role name by what its input takes.
    expect(keys.get("shiphull")).toEqual({ entity: "ship", attr: "hull" });
    expect(keys.get("homeport")).toEqual({ entity: "station", attr: "callsign" });
    // Plain attributes stay plain.
    for (const plain of ["name", "tonnage", "depth", "days", "cargo"]) {
      expect(keys.has(plain)).toBe(false);
    }
  });

  it("marks those fields identifiers and relations, and links them strongly", () => {
    const voyage = profile(profiles, "get_voyage");
    for (const name of ["ship_hull", "home_port"]) {
      expect(voyage.outputs.find((o) => o.name === name)).toMatchObject({ identifier: true });
    }
    expect(voyage.outputs.find((o) => o.name === "cargo")).toMatchObject({ identifier: false });
    const list = world.world.tools.find((t) => /^list_voyages_by_home_port$/.test(t.name));
    expect(list).toBeDefined();
    const input = profile(profiles, "list_voyages_by_home_port").inputs[0];
    expect(input).toMatchObject({
      name: "home_port",
      identifier: true,
      refers: { entity: "station", attr: "callsign" },
    });
    const graph = buildToolGraph(profiles);
    const edge = graph.edges.find(
      (e) => e.from === "search_stations" && e.to === "list_voyages_by_home_port",
    );
    expect(edge).toMatchObject({
      strength: "strong",
      via: [{ output: "items[].callsign", input: "home_port" }],
    });
  });

  it.each(["filter-count", "argmax-detail"])("lets the %s template find plans", (template) => {
    const graph = buildToolGraph(profiles);
    const parts = {
      graph,
      profiles: new Map(profiles.map((p) => [p.name, p])),
      sampler: createSampler(world.world.db, world.world.tools),
    };
    const templates = PROGRAM_TEMPLATES.filter((t) => t.name === template);
    let made = 0;
    for (let i = 0; i < 20; i++) {
      const seed = `fleet:${template}:${i}`;
      const attempt = world.world.fresh({ seed, clockStart: world.world.clockStart }, (runner) => {
        const ctx: GeneratorContext = { ...parts, rng: createPrng(seed), runner };
        return planProgramTask(ctx, { chainLength: 3, minWrites: 0 }, templates);
      }).value;
      if (!attempt.ok) continue;
      made++;
      // A filter-count list is anchored by a looked-up record: the key stays hidden.
      if (template === "filter-count") {
        expect(attempt.plan.instruction).toMatch(/\b(ship|station) whose name is\b/);
      }
      expect(attempt.plan.calls).toBeGreaterThanOrEqual(2);
      expect(attempt.plan.instruction).not.toMatch(/HX-\d+|K[NES]Q/);
    }
    expect(made).toBeGreaterThan(0);
  });

  it("finds none where keys are named as identifiers", () => {
    for (const json of [chinookJson, githubJson]) {
      const tools = EnvironmentSpecSchema.parse(json).tools;
      expect(buildToolGraph(profileTools(tools)).keys.size).toBe(0);
    }
  });
});
