// Task synthesis on the filesystem surface (@modelcontextprotocol/server-filesystem over the
// seeded /projects repository): chains that find a file or a row and act on it, programs that loop
// over files and CSV rows; every kept task is solved by its own solution and not by doing nothing,
// and a different route to the same end state (writing the whole file instead of editing a line)
// earns the same reward.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesystemLens } from "../../core/surfaces/filesystem/tasks/lens";
import { openSession } from "../../core/surfaces/filesystem/tasks/task-source";
import { SURFACE_TASK_SOURCES } from "../../core/tasks/surface-tasks";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  lookIn,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import { type NodeWorld, oracleScore, programScore } from "../support/synthesis-harness";

describe("file-system task synthesis on mcp-filesystem", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-filesystem");
  });
  afterAll(() => env.close());

  it("sees each file operation's tool, preferring the one not marked deprecated", () => {
    const lens = filesystemLens(env.world.db, env.world.tools);
    expect(lens).toMatchObject({
      read_text: "read_text_file",
      list: "list_directory",
      list_sizes: "list_directory_with_sizes",
      tree: "directory_tree",
      search: "search_files",
      info: "get_file_info",
      write: "write_file",
      edit: "edit_file",
      move: "move_file",
      mkdir: "create_directory",
    });
    const claimed = SURFACE_TASK_SOURCES.find((s) => s.recognise(env.world.db, env.world.tools));
    expect(claimed?.name).toBe("filesystem");
  });

  it("reads the seeded tree and its CSV files as tables that refer to each other", () => {
    const lens = filesystemLens(env.world.db, env.world.tools);
    if (!lens) throw new Error("not recognised");
    const session = env.world.fresh({ seed: "look", clockStart: env.world.clockStart }, (runner) =>
      openSession(lens, runner),
    ).value;
    const { tree, tables, references } = session.ctx;
    expect(tree.root).toBe("/projects");
    expect(tree.dirs).toContain("/projects/src/routes");
    const orders = tables.find((t) => t.file.name === "orders.csv");
    expect(orders?.entity).toBe("order");
    expect(orders?.categories.map((c) => orders.header[c])).toEqual(["status"]);
    const reference = references.find((r) => r.child === orders);
    expect(reference?.parent.file.name).toBe("customers.csv");
    expect(reference && orders?.header[reference.column]).toBe("customer_id");
    const logo = tree.files.find((f) => f.name === "logo.png");
    expect(logo?.text).toBeUndefined();
    expect(logo?.size).toBeGreaterThan(0);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps %s tasks the oracle solves and inaction does not",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 15, strategy, seed: `fs-${strategy}` }),
        { leaks: env.world.tools.map((t) => t.name), oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(15);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      expect(run.nothingRewards).toEqual([0]);
      const reads = run.tasks.length - run.unanswered.length;
      expect(reads).toBeGreaterThan(0);
      expect(reads).toBeLessThan(run.tasks.length);
    },
  );

  it("makes only write tasks, judged on fs_entries, when writes are asked for", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 8, strategy: "mixed", seed: "fs-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks.length).toBe(8);
    for (const task of tasks) {
      expect(Object.keys(task.groundTruth.changes)).toEqual(["fs_entries"]);
      expect(await oracleScore(env, task)).toBe(1);
    }
  });

  it("answers the file that mentions a phrase with the file that holds it", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 60, strategy: "graph", seed: "fs-mentions" }),
    );
    const named = tasks.filter((t) => t.instruction.includes("Answer with its file name"));
    expect(named.length).toBeGreaterThan(0);
    for (const task of named) {
      const phrase = /mentions "([^"]+)"/.exec(task.instruction)?.[1] ?? "";
      const holders = env.world.db.query(
        "SELECT name FROM fs_entries WHERE kind = 'file' AND instr(content, ?) > 0",
        [phrase],
      );
      expect(holders.map((row) => row.name)).toContain(task.groundTruth.answer?.value);
    }
  });

  it("accepts a CSV row change made by rewriting the whole file instead of editing the line", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 40, strategy: "graph", seed: "fs-route" }),
    );
    const task = tasks.find((t) =>
      /^In \/projects\/data\/orders\.csv, set the status of the order/.test(t.instruction),
    );
    if (!task) throw new Error("no order status task drafted");
    const [, id, status] = /order "([^"]+)" to "([^"]+)"/.exec(task.instruction) ?? [];
    const rewrite = `(args, ctx) => {
      const path = "/projects/data/orders.csv";
      const text = ctx.call("read_file", { path }).content;
      const lines = text.split("\\n").map((line) => {
        const cells = line.split(",");
        if (cells[0] === ${JSON.stringify(id)}) cells[2] = ${JSON.stringify(status)};
        return cells.join(",");
      });
      ctx.call("write_file", { path, content: lines.join("\\n") });
      return "done";
    }`;
    expect(await programScore(env, task, rewrite)).toBe(1);
    const wrong = rewrite.replace(JSON.stringify(status), JSON.stringify(`${status}x`));
    expect(await programScore(env, task, wrong)).toBe(0);
  });

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 8, strategy: "mixed", seed: "fs-same" }),
    );
    expect(b.ids).toEqual(a.ids);
  });
});

describe("file-system recognition elsewhere", () => {
  it("does not claim a SQL server's tools", async () => {
    const lens = await lookIn("mcp-sqlite-npx-chinook", (sql) =>
      filesystemLens(sql.world.db, sql.world.tools),
    );
    expect(lens).toBeUndefined();
  });
});

describe("file-system task synthesis on a server that only reads", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-filesystem", readsOnly);
  });
  afterAll(() => env.close());

  it("still asks questions about the files", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 6, strategy: "mixed", seed: "fs-read-only" }),
      { oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(6);
    expect(run.unanswered).toEqual([]);
    expect(run.oracleRewards).toEqual([1]);
  });

  it("says why when writes are asked for", async () => {
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 4, strategy: "graph", seed: "fs-no-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only reads/);
  });
});
