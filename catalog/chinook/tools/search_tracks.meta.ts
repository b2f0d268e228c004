import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Search the store's music catalog. `query` matches (case-insensitively, as a substring) the " +
    "track name, album title, artist name or genre; `genre`, `mediaType` and a price range narrow " +
    "the results. Use it to find track ids before buying, refunding or building playlists. Returns " +
    "`{total, limit, offset, tracks}`, tracks ordered by name then id, each with trackId, name, " +
    "albumId, album, artistId, artist, genre, mediaType, composer, milliseconds and unitPrice. Page " +
    "with `offset` while `offset + limit < total`.",
  effect: "read",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", maxLength: 200, description: "Text to look for." },
      genre: { type: "string", description: "Exact genre name, e.g. `Jazz`, `Bossa Nova`." },
      mediaType: { type: "string", description: "Exact media type, e.g. `MPEG audio file`." },
      minPrice: { type: "number", minimum: 0, description: "Lowest unit price, inclusive." },
      maxPrice: { type: "number", minimum: 0, description: "Highest unit price, inclusive." },
      limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      offset: { type: "integer", minimum: 0, default: 0 },
    },
    additionalProperties: false,
  },
  tests: [
    {
      name: "finds a track by part of its name",
      args: { query: "rosie" },
      expect: {
        result: {
          total: 1,
          limit: 10,
          offset: 0,
          tracks: [
            {
              trackId: 22,
              name: "Whole Lotta Rosie",
              albumId: 4,
              album: "Let There Be Rock",
              artistId: 1,
              artist: "AC/DC",
              genre: "Rock",
              mediaType: "MPEG audio file",
              composer: "AC/DC",
              milliseconds: 323761,
              unitPrice: 0.99,
            },
          ],
        },
      },
    },
    {
      name: "filters by genre and orders by track name",
      args: { genre: "Bossa Nova", limit: 3 },
      expect: {
        match: "subset",
        result: {
          total: 15,
          tracks: [
            { trackId: 656, name: "Berimbau" },
            { trackId: 650, name: "Canto De Ossanha" },
            { trackId: 660, name: "Carta Ao Tom 74" },
          ],
        },
      },
    },
    {
      name: "matches the artist name and pages with offset",
      args: { query: "AC/DC", limit: 5, offset: 15 },
      expect: {
        match: "subset",
        result: {
          total: 18,
          offset: 15,
          tracks: [
            { trackId: 9, name: "Snowballed" },
            { trackId: 14, name: "Spellbound" },
            { trackId: 22, name: "Whole Lotta Rosie" },
          ],
        },
      },
    },
    {
      name: "combines a media type with a price ceiling",
      args: { mediaType: "Protected MPEG-4 video file", maxPrice: 0.99 },
      expect: {
        match: "subset",
        result: { total: 1, tracks: [{ trackId: 3402, album: "Revelations", unitPrice: 0.99 }] },
      },
    },
    {
      name: "rejects an unknown genre",
      args: { genre: "Polka" },
      expect: { error: { code: "invalid_argument" } },
    },
    {
      name: "rejects an inverted price range",
      args: { minPrice: 1.99, maxPrice: 0.99 },
      expect: { error: { code: "invalid_argument" } },
    },
    {
      name: "caps the page size at 50",
      args: { query: "love", limit: 51 },
      expect: { error: { code: "invalid_arguments" } },
    },
  ],
});
