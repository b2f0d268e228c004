// The coding agent end to end on the real Chinook database: a real local HTTP server plays the
// model with scripted answers, tools run in the real QuickJS sandbox through admission. Covers a
// tool admitted at once, a wrong test repaired, code that does not compile or never stops, tests
// that test nothing, a clashing name, and answers that are not JSON.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import type { ToolHarness } from "../../core/discovery/admission-feedback";
import {
  CLASH_REASON,
  type CodingAgentInput,
  LLM_NOT_CONFIGURED,
  runCodingAgent,
} from "../../core/discovery/coding-agent";
import type { ToolSpec } from "../../core/environment/spec";
import { VACUOUS_REASON } from "../../core/environment/vacuity";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { llmConfigFrom } from "../../core/llm/llm-config";
import { createOpenAiClient } from "../../core/llm/openai-client";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { loadDatabase, rolledBack } from "../support/database-harness";
import { datasets } from "../support/datasets";
import {
  answer,
  type ScriptedOpenAiServer,
  startScriptedOpenAiServer,
} from "../support/scripted-openai-server";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

let server: ScriptedOpenAiServer;
let db: BetterSqliteDatabase;
let harness: ToolHarness;

beforeAll(async () => {
  server = await startScriptedOpenAiServer();
  const { schemaSql, seed } = seedFromSqlite(datasets.chinook);
  db = loadDatabase(schemaSql, seed);
  const require = createRequire(import.meta.url);
  const executor = createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
  harness = {
    executor,
    db,
    seed,
    inRollback: (fn) => rolledBack(db, fn),
    createHost: ({ tool, test }) => createSeededHost(db, `${tool}/${test}`, DEFAULT_CLOCK_START),
  };
});
afterAll(async () => {
  await server.close();
  db.raw.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

function agent(overrides: Partial<CodingAgentInput> = {}) {
  const llm = createOpenAiClient(
    { baseUrl: server.baseUrl, apiKey: "sk-test", model: "coder" },
    { retry: { maxAttempts: 1 } },
  );
  return runCodingAgent({ llm, harness, existingTools: ["get_album"], ...overrides });
}

const tools = (...list: unknown[]) => answer(JSON.stringify({ tools: list }));

const countGenreTracks = `function count_genre_tracks(args, ctx) {
  const genre = ctx.one("SELECT GenreId, Name FROM Genre WHERE GenreId = ?", [args.genreId]);
  if (!genre) ctx.fail("not_found", "No genre with id " + args.genreId + ".");
  const row = ctx.one("SELECT count(*) AS n FROM Track WHERE GenreId = ?", [args.genreId]);
  return { genreId: genre.GenreId, name: genre.Name, trackCount: row.n };
}`;

function genreTool(rockCount: number, implementation = countGenreTracks): ToolSpec {
  return {
    name: "count_genre_tracks",
    description: "Count the tracks of one genre. Fails with not_found for an unknown genre.",
    inputSchema: {
      type: "object",
      properties: { genreId: { type: "integer", minimum: 1 } },
      required: ["genreId"],
      additionalProperties: false,
    },
    effect: "read",
    implementation,
    tests: [
      {
        name: "counts rock",
        args: { genreId: 1 },
        expect: { result: { genreId: 1, name: "Rock", trackCount: rockCount }, match: "exact" },
      },
      {
        name: "unknown genre",
        args: { genreId: 999 },
        expect: { error: { code: "not_found" }, match: "exact" },
      },
    ],
  };
}

function named(name: string, implementation: string, tests: ToolSpec["tests"]): ToolSpec {
  return { ...genreTool(1297), name, implementation, tests };
}

describe("coding agent on Chinook", () => {
  it("admits a good tool on the first round, from an answer in a ```json fence", async () => {
    server.enqueue(
      answer(`Here you go:\n\`\`\`json\n${JSON.stringify({ tools: [genreTool(1297)] })}\n\`\`\``),
    );
    const result = await agent({ theme: "A digital music store selling tracks." });
    expect(result.admitted.map((t) => t.name)).toEqual(["count_genre_tracks"]);
    expect(result).toMatchObject({ rejected: [], rounds: 1, notes: [] });
    expect(result.usage).toEqual({ promptTokens: 100, completionTokens: 50, totalTokens: 150 });
    const prompt = server.promptText(0);
    expect(prompt).toContain("Table Track (3503 rows)");
    expect(prompt).toContain("GenreId -> Genre(GenreId)");
    expect(prompt).toContain('"Title":"For Those About To Rock We Salute You"');
    expect(prompt).toContain("A digital music store selling tracks.");
    expect(prompt).toContain(
      "Tools that already exist (do not reuse these names or duplicate them): get_album",
    );
  });

  it("feeds a failing test back and admits the tool repaired in round 2", async () => {
    server.enqueue(tools(genreTool(1296)), tools(genreTool(1297)));
    const result = await agent();
    expect(result.admitted.map((t) => t.name)).toEqual(["count_genre_tracks"]);
    expect(result.rounds).toBe(2);
    expect(result.rejected).toEqual([]);
    const repair = server.promptText(1);
    expect(repair).toContain("## count_genre_tracks");
    expect(repair).toMatch(/test "counts rock" failed: .*1296.*1297/);
    expect(repair).toContain('"trackCount":1296');
    expect(repair).toContain('"trackCount":1297');
    // The repair continues the conversation: the model sees its own first answer.
    expect(server.requests[1]?.body).toMatchObject({
      messages: [{ role: "system" }, { role: "user" }, { role: "assistant" }, { role: "user" }],
    });
  });

  it("implements a wanted tool under its real name, description and input schema", async () => {
    const wanted = {
      name: "count_genre_tracks",
      description: "The real server's description: how many tracks a genre has.",
      inputSchema: {
        type: "object",
        properties: { genreId: { type: "integer", minimum: 1, description: "The genre" } },
        required: ["genreId"],
      },
    };
    // The model loosens the schema and rewrites the description; the contract wins.
    server.enqueue(tools(genreTool(1297)));
    const result = await agent({ wantedTools: [wanted], maxTools: 1 });
    expect(result.admitted).toHaveLength(1);
    expect(result.admitted[0]).toMatchObject({
      name: "count_genre_tracks",
      description: wanted.description,
      inputSchema: wanted.inputSchema,
    });
    const prompt = server.promptText(0);
    expect(prompt).toContain("Implement these tools of the real server first");
    expect(prompt).toContain(wanted.description);
  });

  it("starts no repair round once the job's token budget is spent", async () => {
    server.enqueue({
      kind: "answer",
      content: JSON.stringify({ tools: [genreTool(1296)] }),
      usage: { prompt: 900, completion: 200 },
    });
    const result = await agent({ tokenBudget: 1_000, maxAnswerTokens: 4_000 });
    expect(result.rounds).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toMatchObject({ max_tokens: 4_000 });
    expect(result.admitted).toEqual([]);
    expect(result.rejected.map((r) => r.name)).toEqual(["count_genre_tracks"]);
    expect(result.notes).toEqual([
      "stopped after round 1: the job's token budget (1000) is spent (1100 used)",
    ]);
  });

  it("rejects code with a syntax error after maxRepairs rounds", async () => {
    const broken = named(
      "broken_tool",
      'function broken_tool(args, ctx) { return ctx.one("SELECT 1" ; }',
      [{ name: "one", args: { genreId: 1 }, expect: { result: { "1": 1 }, match: "exact" } }],
    );
    server.enqueue(tools(broken), tools(broken), tools(broken));
    const result = await agent({ maxRepairs: 2 });
    expect(result.rounds).toBe(3);
    expect(result.admitted).toEqual([]);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]?.name).toBe("broken_tool");
    expect(result.rejected[0]?.reasons.join("\n")).toMatch(/does not compile/);
    expect(server.promptText(2)).toMatch(/broken_tool[\s\S]*does not compile/);
  });

  it("rejects code that loops forever with the fuel limit as the reason", async () => {
    const spin = named(
      "spin",
      "function spin(args, ctx) { while (true) {} }",
      genreTool(1297).tests,
    );
    server.enqueue(tools(spin));
    const result = await agent({ maxRepairs: 0 });
    expect(result.rounds).toBe(1);
    expect(result.rejected[0]?.name).toBe("spin");
    expect(result.rejected[0]?.reasons.join("\n")).toMatch(
      /limit_exceeded.*fuel.*\(the fuel limit\)/,
    );
  });

  it("rejects a tool whose tests pass for any implementation", async () => {
    const vacuous = named(
      "find_genre",
      countGenreTracks.replace("count_genre_tracks", "find_genre"),
      [
        {
          name: "unknown genre",
          args: { genreId: 999 },
          expect: { error: { code: "not_found" }, match: "exact" },
        },
      ],
    );
    server.enqueue(tools(vacuous));
    const result = await agent({ maxRepairs: 0 });
    expect(result.admitted).toEqual([]);
    expect(result.rejected).toEqual([
      { name: "find_genre", reasons: [expect.stringContaining(VACUOUS_REASON)] },
    ]);
  });

  it("rejects a name that clashes with an existing tool and admits the rest", async () => {
    server.enqueue(tools({ ...genreTool(1297), name: "get_album" }, genreTool(1297)));
    const result = await agent();
    expect(result.admitted.map((t) => t.name)).toEqual(["count_genre_tracks"]);
    expect(result.rejected).toEqual([{ name: "get_album", reasons: [CLASH_REASON] }]);
    expect(result.rounds).toBe(1);
  });

  it("handles an answer that is not JSON: asks again, then gives up honestly", async () => {
    server.enqueue(
      answer("Sure! I would write a tool that counts tracks."),
      tools(genreTool(1297)),
    );
    const recovered = await agent();
    expect(recovered.admitted.map((t) => t.name)).toEqual(["count_genre_tracks"]);
    expect(recovered.notes).toEqual([expect.stringMatching(/round 1: .*not valid JSON/)]);
    expect(server.promptText(1)).toContain("Your answer could not be used");

    server.enqueue(answer('{"tool": []}'));
    const gaveUp = await agent({ maxRepairs: 0 });
    expect(gaveUp).toMatchObject({ admitted: [], rejected: [], rounds: 1 });
    expect(gaveUp.notes).toEqual([expect.stringMatching(/not an object of the form/)]);
  });

  it("reports a tool that is not a valid spec, and a model that is down from the start", async () => {
    server.enqueue(tools({ name: "half_a_tool", description: "no implementation" }));
    const result = await agent({ maxRepairs: 0 });
    expect(result.rejected[0]?.name).toBe("half_a_tool");
    expect(result.rejected[0]?.reasons.join("\n")).toMatch(
      /not a valid tool spec at implementation/,
    );

    await expect(agent()).rejects.toMatchObject({ code: "unavailable" });
  });

  it("is skipped with a stated reason when no model is configured", () => {
    expect(llmConfigFrom({})).toBeNull();
    expect(LLM_NOT_CONFIGURED).toMatch(/No LLM is configured/);
  });
});
