import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Create a new playlist, optionally with tracks in it. Playlist names are unique " +
    "(case-insensitive): an existing name fails with `conflict` and `details.playlistId`, so use " +
    "`add_tracks_to_playlist` on that one instead. Returns `{playlistId, name, trackCount}`. " +
    "Fails with `not_found` for unknown track ids (`details.missingTrackIds`).",
  effect: "write",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", minLength: 1, maxLength: 120 },
      trackIds: {
        type: "array",
        items: { type: "integer", minimum: 1 },
        maxItems: 50,
        uniqueItems: true,
      },
    },
    required: ["name"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "creates an empty playlist",
      args: { name: "Road Trip" },
      expect: {
        result: { playlistId: 19, name: "Road Trip", trackCount: 0 },
        changes: { Playlist: { inserted: 1 } },
      },
    },
    {
      name: "creates a playlist with tracks",
      args: { name: "  Rosie and friends ", trackIds: [22, 15, 3247] },
      expect: {
        result: { playlistId: 19, name: "Rosie and friends", trackCount: 3 },
        changes: { Playlist: { inserted: 1 }, PlaylistTrack: { inserted: 3 } },
      },
    },
    {
      name: "refuses a name already taken, whatever its case",
      args: { name: "grunge" },
      expect: { error: { code: "conflict" } },
    },
    {
      name: "refuses unknown tracks and creates nothing",
      args: { name: "Ghosts", trackIds: [22, 4000] },
      expect: { error: { code: "not_found" } },
    },
  ],
});
