import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Find artists whose name contains `query` (case-insensitive) and list each one's albums. Use " +
    "it when a customer names an artist, to get albumIds for `get_album`. Returns `{total, limit, " +
    "offset, artists}`, artists ordered by name, each `{artistId, name, albums: [{albumId, title, " +
    "trackCount}]}` (an artist may have no albums in the store).",
  effect: "read",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1, maxLength: 120 },
      limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      offset: { type: "integer", minimum: 0, default: 0 },
    },
    required: ["query"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "lists matching artists with their albums",
      args: { query: "black" },
      expect: {
        result: {
          total: 5,
          limit: 10,
          offset: 0,
          artists: [
            { artistId: 38, name: "Banda Black Rio", albums: [] },
            { artistId: 169, name: "Black Eyed Peas", albums: [] },
            {
              artistId: 11,
              name: "Black Label Society",
              albums: [
                { albumId: 14, title: "Alcohol Fueled Brewtality Live! [Disc 1]", trackCount: 13 },
                { albumId: 15, title: "Alcohol Fueled Brewtality Live! [Disc 2]", trackCount: 5 },
              ],
            },
            {
              artistId: 12,
              name: "Black Sabbath",
              albums: [
                { albumId: 16, title: "Black Sabbath", trackCount: 7 },
                { albumId: 17, title: "Black Sabbath Vol. 4 (Remaster)", trackCount: 10 },
              ],
            },
            {
              artistId: 137,
              name: "The Black Crowes",
              albums: [
                { albumId: 209, title: "Live [Disc 1]", trackCount: 10 },
                { albumId: 210, title: "Live [Disc 2]", trackCount: 9 },
              ],
            },
          ],
        },
      },
    },
    {
      name: "pages through the matches",
      args: { query: "black", limit: 2, offset: 3 },
      expect: {
        match: "subset",
        result: { total: 5, artists: [{ name: "Black Sabbath" }, { name: "The Black Crowes" }] },
      },
    },
    {
      name: "treats LIKE wildcards as plain text",
      args: { query: "%" },
      expect: { result: { total: 0, limit: 10, offset: 0, artists: [] } },
    },
    {
      name: "needs a query",
      args: {},
      expect: { error: { code: "invalid_arguments" } },
    },
  ],
});
