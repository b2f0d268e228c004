import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Remove one track from a playlist. Returns `{playlistId, name, removedTrackId, trackCount}` " +
    "with the playlist's new size. Fails with `not_found` when the playlist does not exist or " +
    "the track is not in it.",
  effect: "write",
  inputSchema: {
    type: "object",
    properties: {
      playlistId: { type: "integer", minimum: 1 },
      trackId: { type: "integer", minimum: 1 },
    },
    required: ["playlistId", "trackId"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "removes a track",
      args: { playlistId: 16, trackId: 52 },
      expect: {
        result: { playlistId: 16, name: "Grunge", removedTrackId: 52, trackCount: 14 },
        changes: { PlaylistTrack: { deleted: 1 } },
      },
    },
    {
      name: "can empty a playlist",
      args: { playlistId: 18, trackId: 597 },
      expect: {
        match: "subset",
        result: { name: "On-The-Go 1", trackCount: 0 },
        changes: { PlaylistTrack: { deleted: 1 } },
      },
    },
    {
      name: "refuses a track that is not in the playlist",
      args: { playlistId: 18, trackId: 22 },
      expect: { error: { code: "not_found" } },
    },
    {
      name: "refuses an unknown playlist",
      args: { playlistId: 99, trackId: 22 },
      expect: { error: { code: "not_found" } },
    },
  ],
});
