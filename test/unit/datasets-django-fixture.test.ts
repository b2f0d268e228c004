// loadDjangoFixture: `dumpdata` records into an existing schema by Django's naming, dates in
// SQLite's format, foreign keys checked at commit, and no value dropped silently.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { loadDjangoFixture } from "../../catalog/datasets/django-fixture";

const schema = `
CREATE TABLE "Artist" ("ArtistId" INTEGER PRIMARY KEY, "Name" TEXT);
CREATE TABLE "MediaType" ("MediaTypeId" INTEGER PRIMARY KEY, "Name" TEXT);
CREATE TABLE "Album" ("AlbumId" INTEGER PRIMARY KEY, "Title" TEXT NOT NULL,
  "ArtistId" INTEGER NOT NULL REFERENCES "Artist"("ArtistId"),
  "MediaTypeId" INTEGER REFERENCES "MediaType"("MediaTypeId"), "ReleasedAt" DATETIME);
CREATE TABLE "AlbumTag" ("AlbumId" INTEGER NOT NULL REFERENCES "Album"("AlbumId"),
  "Tag" TEXT NOT NULL, PRIMARY KEY ("AlbumId", "Tag"));`;

const fixture = [
  // Children first, as dumpdata's alphabetical order puts them.
  {
    model: "music.album",
    pk: 1,
    fields: {
      title: "Back in Black",
      artist: 1,
      media_type: 2,
      released_at: "1980-07-25T00:00:00Z",
    },
  },
  { model: "music.albumtag", pk: 9, fields: { album: 1, tag: "rock" } },
  { model: "music.artist", pk: 1, fields: { name: "AC/DC" } },
  { model: "music.mediatype", pk: 2, fields: { name: "Vinyl" } },
];

function load(records: unknown[]) {
  const db = openBetterSqlite();
  db.raw.exec(schema);
  try {
    const counts = db.transaction(() => loadDjangoFixture(db, JSON.stringify(records)));
    return { db, counts };
  } catch (error) {
    db.raw.close();
    throw error;
  }
}

describe("loadDjangoFixture", () => {
  it("maps models, fields and foreign keys by Django's names and converts dates", () => {
    const { db, counts } = load(fixture);
    expect(counts).toEqual({ Album: 1, AlbumTag: 1, Artist: 1, MediaType: 1 });
    expect(db.query('SELECT * FROM "Album"')).toEqual([
      {
        AlbumId: 1,
        Title: "Back in Black",
        ArtistId: 1,
        MediaTypeId: 2,
        ReleasedAt: "1980-07-25 00:00:00",
      },
    ]);
    // A composite key has no one-column pk: Django's surrogate id is not a column here.
    expect(db.query('SELECT * FROM "AlbumTag"')).toEqual([{ AlbumId: 1, Tag: "rock" }]);
    db.raw.close();
  });

  it("refuses a field or a model that matches nothing, naming it", () => {
    const field = [{ model: "music.artist", pk: 1, fields: { name: "AC/DC", country: "AU" } }];
    expect(() => load(field)).toThrow(/music\.artist\.country matches no column of Artist/);
    const model = [{ model: "music.label", pk: 1, fields: { name: "Atlantic" } }];
    expect(() => load(model)).toThrow(/music\.label matches no table/);
  });

  it("refuses a reference to a row the fixture does not have, at commit", () => {
    const dangling = fixture.filter((r) => r.model !== "music.artist");
    expect(() => load(dangling)).toThrow(/FOREIGN KEY constraint failed/);
  });
});
