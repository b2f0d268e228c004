import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Get one album with its artist and its tracks in album order. Use it after `search_tracks` or " +
    "`search_artists` gave you an albumId, e.g. to buy a whole album. Returns `{albumId, title, " +
    "artist: {artistId, name}, trackCount, totalMilliseconds, totalPrice, tracks}`; each track has " +
    "trackId, name, genre, mediaType, composer, milliseconds and unitPrice. Fails with `not_found` " +
    "for an unknown id.",
  effect: "read",
  inputSchema: {
    type: "object",
    properties: { albumId: { type: "integer", minimum: 1 } },
    required: ["albumId"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "returns a one-track album exactly",
      args: { albumId: 347 },
      expect: {
        result: {
          albumId: 347,
          title: "Koyaanisqatsi (Soundtrack from the Motion Picture)",
          artist: { artistId: 275, name: "Philip Glass Ensemble" },
          trackCount: 1,
          totalMilliseconds: 206005,
          totalPrice: 0.99,
          tracks: [
            {
              trackId: 3503,
              name: "Koyaanisqatsi",
              genre: "Soundtrack",
              mediaType: "Protected AAC audio file",
              composer: "Philip Glass",
              milliseconds: 206005,
              unitPrice: 0.99,
            },
          ],
        },
      },
    },
    {
      name: "sums the tracks of an album",
      args: { albumId: 4 },
      expect: {
        match: "subset",
        result: {
          title: "Let There Be Rock",
          artist: { artistId: 1, name: "AC/DC" },
          trackCount: 8,
          totalMilliseconds: 2453259,
          totalPrice: 7.92,
        },
      },
    },
    {
      name: "reports an unknown album",
      args: { albumId: 9999 },
      expect: { error: { code: "not_found" } },
    },
  ],
});
