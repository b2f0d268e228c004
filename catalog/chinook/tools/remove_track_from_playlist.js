export default function remove_track_from_playlist(args, ctx) {
  const playlist = ctx.one("SELECT PlaylistId, Name FROM Playlist WHERE PlaylistId = ?", [
    args.playlistId,
  ]);
  if (!playlist) ctx.fail("not_found", `No playlist with id ${args.playlistId}.`);
  const { changes } = ctx.run("DELETE FROM PlaylistTrack WHERE PlaylistId = ? AND TrackId = ?", [
    args.playlistId,
    args.trackId,
  ]);
  if (changes === 0) {
    ctx.fail("not_found", `Track ${args.trackId} is not in playlist ${args.playlistId}.`);
  }
  const count = ctx.one("SELECT COUNT(*) AS n FROM PlaylistTrack WHERE PlaylistId = ?", [
    args.playlistId,
  ]).n;
  return {
    playlistId: playlist.PlaylistId,
    name: playlist.Name,
    removedTrackId: args.trackId,
    trackCount: count,
  };
}
