// Task synthesis on the Google Calendar MCP server (mcp-google-calendar): chains that find a
// meeting by its title and day and move, change, answer, cancel or read it, or book the earliest
// slot two calendars share; programs that loop over a week's meetings with a condition per
// meeting (locations, a person's meetings, each occurrence of a series), total hours per calendar
// or person, find a week's busiest day, cancel a person's meetings on holidays, or find the longest
// free stretch. Every kept task is solved by its own solution and not by doing nothing, names no
// id, tool or column, says dates the way a user does, and no programmatic family takes more than a
// fifth of a run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrng } from "../../core/sandbox/determinism";
import { readAgenda } from "../../core/surfaces/calendar/tasks/explore";
import { calendarLens } from "../../core/surfaces/calendar/tasks/lens";
import {
  CALENDAR_TEMPLATES,
  calendarFamiliesOf,
} from "../../core/surfaces/calendar/tasks/task-source";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  lookIn,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
  writeCounter,
} from "../support/surface-synthesis";
import type { NodeWorld } from "../support/synthesis-harness";

const TOOL_NAMES =
  /\b(list_calendars|list_events|search_events|get_event|list_colors|create_events?|update_event|delete_event|get_freebusy|get_current_time|respond_to_event|manage_accounts)\b/;
/** Event ids (26 base32hex characters, or an instance's `_YYYYMMDDTHHMMSSZ`), calendar ids, ISO dates. */
const IDS = /\b[0-9a-v]{20,}\b|_\d{8}T\d{6}Z|@group\.|#holiday|\d{4}-\d{2}-\d{2}/;
const RAW =
  /calendarId|eventId|timeMin|timeMax|responseStatus|start_date|starts_at|organizer_email/;
const WRITE_TOOLS = new Set([
  "create_event",
  "create_events",
  "update_event",
  "delete_event",
  "respond_to_event",
]);
const writesOf = writeCounter(WRITE_TOOLS);
const DATE_WORDS =
  /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (December|January) \d{1,2}\b/;

describe("calendar synthesis on mcp-google-calendar", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-google-calendar");
  });
  afterAll(() => env.close());

  it("sees every calendar role under the server's own tool and argument names", () => {
    const lens = calendarLens(env.world.db, env.world.tools);
    expect(lens?.list_events).toEqual({
      name: "list_events",
      args: expect.objectContaining({
        calendarId: "calendarId",
        timeMin: "timeMin",
        timeMax: "timeMax",
      }),
    });
    expect(lens?.respond?.args).toMatchObject({ response: "response", comment: "comment" });
    expect(Object.keys(lens ?? {}).sort()).toEqual([
      "create_event",
      "create_events",
      "current_time",
      "delete_event",
      "freebusy",
      "get_event",
      "list_calendars",
      "list_colors",
      "list_events",
      "manage_accounts",
      "respond",
      "search_events",
      "update_event",
    ]);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps 200 %s tasks the oracle solves and inaction does not, in the user's words",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 200, strategy, seed: `calendar-${strategy}` }),
        { leaks: [IDS, TOOL_NAMES, RAW], writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      const { tasks } = run;
      expect(tasks.length).toBe(200);
      expect(run.distinctKeys).toBe(200);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.nothingRewards).toEqual([0]);
      // Writes are judged by state, reads by the answer.
      expect(run.unjudged).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      // Dates are said in words wherever a task names a day.
      expect(tasks.filter((t) => DATE_WORDS.test(t.instruction)).length).toBeGreaterThan(150);
      expect(run.toolSets).toBeGreaterThanOrEqual(5);
      expect(run.writes.some((w) => w > 0)).toBe(true);
      expect(run.writes.some((w) => w === 0)).toBe(true);
      // The families the source promises, each present at this count.
      const families =
        strategy === "graph"
          ? [
              /^Find the ".+" meeting on .+ and move it/,
              /^Invite .+ to "/,
              /^(Decline|Accept|Answer maybe to) the invitation/,
              /^Remove "/,
              /^Find the earliest time on .+ free for \d+ minutes/,
              /^(Where|Who|How many|At what time)/,
            ]
          : [
              /^For every meeting .+ more than \d guests, set the location/,
              /^How many hours of meetings/,
              /^For each calendar I can see/,
              /longest stretch of time/,
              /US public holiday/,
              /every invitation on my calendar in the week of/,
              /^For every meeting I organise in the week of .+ is invited to, also invite/,
              /^Move every meeting I organise in the week of .+ among its guests/,
              /^(How many (hours of )?meetings do I have with|Adding up the guests of every meeting I have with) /,
              /^Find every meeting I organise on my calendar in the week of .+ with no location/,
              /^For each occurrence of the recurring meeting ".+" .+ for that occurrence only/,
              /^Which weekday \(Monday to Friday\) of the week of .+ has the (most|fewest)/,
            ];
      for (const family of families)
        expect(tasks.some((t) => family.test(t.instruction))).toBe(true);
      // Every task belongs to exactly one template family; no programmatic family takes over.
      const perFamily = new Map<string, number>();
      for (const task of tasks) {
        const found = calendarFamiliesOf(task.instruction);
        expect(found, task.instruction).toHaveLength(1);
        const name = found[0] ?? "";
        perFamily.set(name, (perFamily.get(name) ?? 0) + 1);
      }
      if (strategy === "programmatic") {
        expect(perFamily.size).toBeGreaterThanOrEqual(10);
        for (const [name, n] of perFamily) expect(n, name).toBeLessThanOrEqual(tasks.length / 5);
      } else {
        expect(perFamily.size).toBe(6);
      }
      if (strategy === "graph") {
        // Each chain feeds what an earlier call revealed (an event id, busy blocks) to a later one.
        expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      } else {
        // Programs loop with conditions: some make several writes, some aggregate.
        expect(run.writes.some((w) => w > 1)).toBe(true);
        expect(tasks.some((t) => t.solution.calls.length > 3)).toBe(true);
      }
    },
    300_000,
  );

  it("moves the meeting it names an hour later and books the shared slot it found", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 60, strategy: "graph", seed: "calendar-named" }),
    );
    const moved = tasks.find((t) => /move it an hour later/.test(t.instruction));
    expect(moved).toBeDefined();
    const update = moved?.solution.calls.find((c) => c.tool === "update_event");
    const changed = Object.values(moved?.groundTruth.changes.calendar_events?.updated ?? []);
    expect(changed.length).toBeGreaterThan(0);
    expect(String(update?.args.start)).toMatch(/^2025-01-\d\dT\d\d:\d\d:00Z$|^2024-12-\d\dT/);
    const booked = tasks.find((t) => t.solution.calls[0]?.tool === "get_freebusy");
    expect(booked?.instruction).toMatch(/earliest time on \w+day, (December|January) \d+/);
    expect(booked?.groundTruth.changes.calendar_events?.inserted.length).toBeGreaterThan(0);
  }, 120_000);

  it("makes tasks with at least the writes asked for", async () => {
    for (const minWrites of [1, 2]) {
      const run = await surveySynthesis(
        env,
        shard({
          count: 10,
          strategy: "mixed",
          seed: `calendar-w${minWrites}`,
          difficulty: { minWrites },
        }),
        { writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(10);
      expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(minWrites);
      expect(run.oracleRewards).toEqual([1]);
    }
  }, 120_000);

  it("names each template's family by the template's own pattern and no other's", () => {
    const lens = calendarLens(env.world.db, env.world.tools);
    if (!lens) throw new Error("no calendar lens");
    env.world.fresh({ seed: "families", clockStart: env.world.clockStart }, (runner) => {
      const ctx = { lens, rng: createPrng("calendar-families"), runner };
      const agenda = readAgenda(ctx);
      if (!agenda) throw new Error("no agenda");
      for (const template of CALENDAR_TEMPLATES) {
        expect(template.capacity(ctx, agenda), template.name).toBeGreaterThan(0);
        for (let i = 0; i < 8; i++) {
          const built = template.build(ctx, agenda, { chainLength: 3, minWrites: 0 });
          if ("program" in built)
            expect(calendarFamiliesOf(built.instruction), built.instruction).toEqual([
              template.name,
            ]);
        }
      }
    });
  });

  it("changes only the occurrences it names, and the meetings of the person it names", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 200, strategy: "programmatic", seed: "calendar-programmatic" }),
    );
    const occurrences = tasks.filter((t) => /for that occurrence only/.test(t.instruction));
    expect(occurrences.length).toBeGreaterThan(0);
    for (const task of occurrences) {
      const updated = task.groundTruth.changes.calendar_events?.updated ?? [];
      expect(updated.length).toBeGreaterThanOrEqual(writesOf(task));
      // Only instance rows change: the series' own row keeps its fields for the other weeks.
      for (const row of updated) expect(String(row.key.event_id)).toMatch(/_\d{8}T\d{6}Z$/);
    }
    const added = tasks.filter((t) => /also invite .+ \((\S+@\S+)\)/.test(t.instruction));
    expect(added.length).toBeGreaterThan(0);
    for (const task of added) {
      const email = /\((\S+@\S+)\)/.exec(task.instruction)?.[1] ?? "";
      const updated = task.groundTruth.changes.calendar_events?.updated ?? [];
      expect(updated.length).toBeGreaterThanOrEqual(writesOf(task));
      for (const row of updated) {
        expect(row.changedColumns).toContain("attendees");
        expect(String(row.after.attendees)).toContain(email);
        expect(String(row.before.attendees)).not.toContain(email);
      }
    }
    const questions = tasks.filter((t) => /^Which weekday/.test(t.instruction));
    expect(questions.length).toBeGreaterThan(0);
    for (const task of questions)
      expect(String(task.groundTruth.answer?.value)).toMatch(/^(2024-12-3\d|2025-01-\d\d)$/);
  }, 300_000);

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 12, strategy: "mixed", seed: "calendar-same" }),
    );
    expect(b.instructions).toEqual(a.instructions);
  }, 120_000);
});

describe("calendar synthesis on a calendar that only reads", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-google-calendar", readsOnly);
  });
  afterAll(() => env.close());

  it("still asks questions, and says why when writes are asked for", async () => {
    const reads = await surveySynthesis(
      env,
      shard({ count: 5, strategy: "programmatic", seed: "calendar-reads" }),
    );
    expect(reads.tasks.length).toBe(5);
    expect(reads.unanswered).toEqual([]);
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "calendar-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only read/);
  }, 120_000);

  it("is not taken for a calendar without the calendar's tables", async () => {
    const lens = await lookIn("mcp-taskmanager", (other) =>
      calendarLens(other.world.db, other.world.tools),
    );
    expect(lens).toBeUndefined();
  });
});
