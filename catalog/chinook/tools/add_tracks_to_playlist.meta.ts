import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Add tracks to an existing playlist. Tracks already in it are skipped, not duplicated. " +
    "Returns `{playlistId, name, added, skipped, trackCount}` with the ids added and skipped and " +
    "the playlist's new size. Fails with `not_found` for an unknown playlist or track " +
    "(`details.missingTrackIds`; nothing is added then).",
  effect: "write",
  inputSchema: {
    type: "object",
    properties: {
      playlistId: { type: "integer", minimum: 1 },
      trackIds: {
        type: "array",
        items: { type: "integer", minimum: 1 },
        minItems: 1,
        maxItems: 50,
        uniqueItems: true,
      },
    },
    required: ["playlistId", "trackIds"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "adds new tracks and skips the ones already there",
      args: { playlistId: 18, trackIds: [597, 22, 15] },
      expect: {
        result: {
          playlistId: 18,
          name: "On-The-Go 1",
          added: [22, 15],
          skipped: [597],
          trackCount: 3,
        },
        changes: { PlaylistTrack: { inserted: 2 } },
      },
    },
    {
      name: "changes nothing when every track is already there",
      args: { playlistId: 9, trackIds: [3402] },
      expect: {
        result: { playlistId: 9, name: "Music Videos", added: [], skipped: [3402], trackCount: 1 },
        changes: {},
      },
    },
    {
      name: "refuses an unknown playlist",
      args: { playlistId: 99, trackIds: [22] },
      expect: { error: { code: "not_found" } },
    },
    {
      name: "refuses unknown tracks and adds none",
      args: { playlistId: 18, trackIds: [22, 3504] },
      expect: { error: { code: "not_found" } },
    },
  ],
});
