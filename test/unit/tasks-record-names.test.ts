// Instructions name records the way a user would: a customer by name, a track by its title, an
// airport whose name is shared by that name and a second attribute, and only when a read tool
// of the environment finds the record by those words. Records with no such attribute (a playlist
// no tool lists, an invoice line) keep their identifier.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrng } from "../../core/sandbox/determinism";
import type { GeneratorContext } from "../../core/tasks/draft";
import { walkGraphTask } from "../../core/tasks/graph-walk/graph-walk";
import { observeTools } from "../../core/tasks/observe-tools";
import { createRecordNamer, type RecordNamer } from "../../core/tasks/record-names";
import { createSampler } from "../../core/tasks/sampler";
import { buildToolGraph } from "../../core/tasks/tool-graph";
import type { ToolProfile } from "../../core/tasks/tool-profile";
import { profileTools } from "../../core/tasks/tool-profiles";
import { catalogSpec, type NodeWorld, nodeWorld } from "../support/synthesis-harness";

interface Opened {
  env: NodeWorld;
  profiles: ToolProfile[];
  namer: RecordNamer;
}

const opened = new Map<string, Opened>();
beforeAll(async () => {
  for (const name of ["chinook", "nyc-flights"]) {
    const env = await nodeWorld(catalogSpec(name));
    const profiles = profileTools(observeTools(env.world));
    opened.set(name, { env, profiles, namer: createRecordNamer(env.world.db, profiles) });
  }
});
afterAll(() => {
  for (const o of opened.values()) o.env.close();
});

function world(name: string): Opened {
  const o = opened.get(name);
  if (!o) throw new Error(`no world ${name}`);
  return o;
}

function describeRecord(name: string, tool: string, input: string, value: string | number) {
  const { env, profiles, namer } = world(name);
  const profile = profiles.find((p) => p.name === tool);
  const field = profile?.inputs.find((i) => i.name === input);
  if (!profile || !field) throw new Error(`no input ${tool}.${input}`);
  return env.world.fresh({ seed: "names", clockStart: env.world.clockStart }, (runner) =>
    namer.describe(profile, field, value, runner),
  ).value;
}

function one(name: string, sql: string, params: (string | number)[] = []) {
  const row = world(name).env.world.db.query(sql, params)[0];
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

describe("naming a stated record", () => {
  it("names a customer by first and last name, found by the customer lookup", () => {
    const c = one("chinook", "SELECT FirstName, LastName FROM Customer WHERE CustomerId = 33");
    const named = describeRecord("chinook", "reassign_support_rep", "customerId", 33);
    expect(named?.phrase).toBe(`the customer named "${c.FirstName} ${c.LastName}"`);
    expect(named?.lookup).toBe("find_customer");
  });

  it("names a track by its title through the track search", () => {
    const t = one("chinook", "SELECT Name FROM Track WHERE TrackId = 1210");
    const named = describeRecord("chinook", "remove_track_from_playlist", "trackId", 1210);
    expect(named?.phrase).toContain(String(t.Name));
    expect(named?.phrase).not.toMatch(/1210/);
  });

  it("keeps the id of a record no tool finds by name, or with no name at all", () => {
    expect(describeRecord("chinook", "add_tracks_to_playlist", "playlistId", 2)).toBeUndefined();
    expect(describeRecord("chinook", "get_invoice", "invoiceId", 5)).toBeUndefined();
  });

  it("adds a second attribute when the name is shared", () => {
    const shared = one(
      "nyc-flights",
      `SELECT faa AS id, name FROM airports
       WHERE name IN (SELECT name FROM airports GROUP BY name HAVING COUNT(*) > 1)
       ORDER BY faa LIMIT 1`,
    );
    const named = describeRecord("nyc-flights", "get_airport", "faa", String(shared.id));
    expect(named?.phrase).toContain(String(shared.name));
    expect(named?.phrase).toMatch(/ and /);
    expect(named?.phrase).not.toContain(String(shared.id));
  });
});

describe("graph instructions", () => {
  it("say the customer's name, not their id, where a step states the customer", () => {
    const { env, profiles, namer } = world("chinook");
    const graph = buildToolGraph(profiles);
    const sampler = createSampler(env.world.db, env.world.tools);
    let checked = 0;
    for (let i = 0; i < 40 && checked < 3; i++) {
      const seed = `names:${i}`;
      const attempt = env.world.fresh({ seed, clockStart: env.world.clockStart }, (runner) => {
        const ctx: GeneratorContext = {
          graph,
          profiles: new Map(profiles.map((p) => [p.name, p])),
          sampler,
          rng: createPrng(seed),
          runner,
          namer,
        };
        return walkGraphTask(ctx, { chainLength: 3, minWrites: 1 });
      }).value;
      if (!attempt.ok) continue;
      const stated = (attempt.draft.chain ?? []).find(
        (s) => typeof s.args.customerId === "number" && !s.bindings.customerId,
      );
      if (!stated) continue;
      const id = stated.args.customerId as number;
      const c = one("chinook", "SELECT FirstName, LastName FROM Customer WHERE CustomerId = ?", [
        id,
      ]);
      expect(attempt.draft.instruction).toContain(`named "${c.FirstName} ${c.LastName}"`);
      expect(attempt.draft.instruction).not.toMatch(new RegExp(`customer ${id}\\b`));
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(1);
  });
});
