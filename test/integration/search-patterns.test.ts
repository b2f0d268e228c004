// Text searches inside workerd, whose SQLite caps LIKE/GLOB patterns at 50 bytes: every query the
// schema allows works (long, `%`, `_`, `\`, quotes, non-ASCII, NUL), counted against a direct
// computation over the data. Chinook's hand-written searches, and the search tool generated for an
// imported CSV (core/toolgen/search-tools.ts).
import { beforeAll, describe, expect, it } from "vitest";
import chinook from "../../catalog/dist/chinook.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { api, call, openEpisode, publish } from "./support/platform";

type Body = { ok: boolean; result?: { total: number }; error?: { code: string; message: string } };

const spec = EnvironmentSpecSchema.parse(chinook);

/** SQLite's case folding without ICU: ASCII letters only (as LIKE folded before). */
const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const contains = (value: unknown, query: string) =>
  typeof value === "string" && fold(value).includes(fold(query));

function rowsOf(table: string): Record<string, unknown>[] {
  const data = spec.seed.tables[table];
  if (!data) throw new Error(`no ${table} in the seed`);
  return data.rows.map((row) => Object.fromEntries(data.columns.map((c, i) => [c, row[i]])));
}

/** How many tracks `search_tracks` should find: name, album, artist or genre contains it. */
function tracksMatching(query: string): number {
  const byId = (table: string, key: string) => new Map(rowsOf(table).map((r) => [r[key], r]));
  const albums = byId("Album", "AlbumId");
  const artists = byId("Artist", "ArtistId");
  const genres = byId("Genre", "GenreId");
  const q = query.trim();
  return rowsOf("Track").filter((t) => {
    const album = albums.get(t.AlbumId);
    const texts = [t.Name, album?.Title, artists.get(album?.ArtistId)?.Name];
    texts.push(genres.get(t.GenreId)?.Name);
    return texts.some((text) => contains(text, q));
  }).length;
}

const LONGEST_TRACK = rowsOf("Track")
  .map((t) => String(t.Name))
  .reduce((a, b) => (b.length > a.length ? b : a));

describe("text searches in workerd", () => {
  let ep = "";
  beforeAll(async () => {
    const published = await publish(spec);
    expect(published.status, JSON.stringify(published.body).slice(0, 500)).toBe(201);
    ep = await openEpisode("chinook");
  }, 120_000);

  const search = async (query: string) => {
    const res = await call<Body>(ep, "search_tracks", { query, limit: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok, JSON.stringify(res.body)).toBe(true);
    return res.body.result?.total;
  };

  it("finds tracks by a 49-character query and by the longest name, ignoring ASCII case", async () => {
    const q49 = LONGEST_TRACK.slice(0, 49).toUpperCase();
    expect(q49).toHaveLength(49);
    expect(tracksMatching(q49)).toBeGreaterThan(0);
    expect(await search(q49)).toBe(tracksMatching(q49));
    expect(LONGEST_TRACK.length).toBeGreaterThan(100);
    expect(await search(LONGEST_TRACK)).toBe(tracksMatching(LONGEST_TRACK));
  });

  it("accepts a query of the schema's 200 characters", async () => {
    const q200 = `${LONGEST_TRACK} ${"x".repeat(200)}`.slice(0, 200);
    expect(await search(q200)).toBe(0);
    expect(await search("love ".repeat(40).slice(0, 200))).toBe(0);
  });

  it("treats %, _, backslash and quotes as plain text", async () => {
    for (const query of ["%", "100%", "_", "%_%", "\\", " \\ ", "'", "Don't", '"', "''"]) {
      expect(await search(query), query).toBe(tracksMatching(query));
    }
    expect(tracksMatching("%")).toBeGreaterThan(0);
    expect(tracksMatching("\\")).toBeGreaterThan(0);
    expect(await search("_")).toBeLessThan(spec.seed.tables.Track?.rows.length ?? 0);
  });

  it("matches non-ASCII letters exactly, folding only ASCII case", async () => {
    expect(tracksMatching("ção")).toBeGreaterThan(0);
    expect(await search("ção")).toBe(tracksMatching("ção"));
    expect(await search("AÇÃO")).toBe(tracksMatching("AÇÃO"));
    expect(await search("açã")).toBe(tracksMatching("açã"));
  });

  it("does not let a NUL character cut the query short", async () => {
    expect(await search("\u0000")).toBe(0);
    expect(await search("love\u0000")).toBe(0);
    expect(await search("a\u0000b")).toBe(0);
  });

  it("searches artists and customers by long and special names the same way", async () => {
    const artists = async (query: string) =>
      (await call<Body>(ep, "search_artists", { query, limit: 1 })).body;
    const artistCount = (query: string) =>
      rowsOf("Artist").filter((a) => contains(a.Name, query.trim())).length;
    for (const query of ["%", "_", "\u0000", "AC/DC", "x".repeat(120), "Antônio Carlos Jobim"]) {
      expect(await artists(query), query).toMatchObject({
        ok: true,
        result: { total: artistCount(query) },
      });
    }
    const customers = async (name: string) =>
      (await call<{ ok: boolean; result?: { matches: number } }>(ep, "find_customer", { name }))
        .body;
    expect(await customers("y".repeat(80))).toMatchObject({ ok: true, result: { matches: 0 } });
    expect(await customers("_")).toMatchObject({ ok: true, result: { matches: 0 } });
    expect(await customers("\u0000")).toMatchObject({ ok: true, result: { matches: 0 } });
    const phone = await call<{ ok: boolean }>(ep, "find_customer", { phone: "9".repeat(30) });
    expect(phone.body).toMatchObject({ ok: true, result: { matches: 0 } });
  });
});

const LONG_TITLE = "The quick brown fox jumps over the lazy dog; ".repeat(6).trim();
const TITLES = [
  "100% pure_cotton \\ shirt",
  'Don\'t "quote" me, please',
  "Ação e reação",
  LONG_TITLE,
  "plain text",
];
const notesCsv = ["id,title", ...TITLES.map((t, i) => `${i + 1},"${t.replace(/"/g, '""')}"`)].join(
  "\n",
);

async function importedJob(id: string): Promise<{ status: string; error: unknown }> {
  for (let i = 0; i < 300; i++) {
    const job = await api<{ status: string; error: unknown }>(
      "GET",
      `/v1/environments/imports/${id}`,
    );
    if (!["queued", "running"].includes(job.body.status)) return job.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

describe("a generated search tool in workerd", () => {
  let ep = "";
  beforeAll(async () => {
    const res = await api<{ id: string }>("POST", "/v1/environments/imports", {
      body: {
        name: "search-notes",
        license: "CC0-1.0",
        source: { format: "csv", filename: "notes.csv", content: notesCsv },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await importedJob(res.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe("published");
    ep = await openEpisode("search-notes");
  }, 120_000);

  it("offers the longest title's length and finds every allowed query like the data", async () => {
    const tools = await api<{ tools: { name: string; inputSchema: Record<string, unknown> }[] }>(
      "GET",
      "/v1/environments/search-notes/tools?format=mcp",
      { key: null },
    );
    const search = tools.body.tools.find((t) => t.name === "search_notes");
    expect(search?.inputSchema).toMatchObject({
      properties: { title: { type: "string", maxLength: LONG_TITLE.length } },
    });
    expect(LONG_TITLE.length).toBeGreaterThanOrEqual(200);
    const queries = [
      LONG_TITLE.slice(30, 79).toUpperCase(),
      LONG_TITLE.slice(0, 200),
      LONG_TITLE,
      "%",
      "_",
      "%_",
      "\\",
      "'",
      '"QUOTE"',
      "ção",
      "AÇÃO",
      "\u0000",
      "text\u0000",
    ];
    for (const title of queries) {
      const res = await call<Body>(ep, "search_notes", { title });
      const expected = TITLES.filter((t) => contains(t, title)).length;
      expect(res.body, JSON.stringify(title)).toMatchObject({
        ok: true,
        result: { total: expected },
      });
    }
    expect(TITLES.filter((t) => contains(t, LONG_TITLE.slice(0, 200)))).toHaveLength(1);
  });
});
