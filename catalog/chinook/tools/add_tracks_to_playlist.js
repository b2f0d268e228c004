export default function add_tracks_to_playlist(args, ctx) {
  const playlist = ctx.one("SELECT PlaylistId, Name FROM Playlist WHERE PlaylistId = ?", [
    args.playlistId,
  ]);
  if (!playlist) ctx.fail("not_found", `No playlist with id ${args.playlistId}.`);
  const ids = [...new Set(args.trackIds)];
  if (ids.length === 0) ctx.fail("invalid_argument", "Give at least one track id.");
  const marks = ids.map(() => "?").join(", ");
  const known = new Set(
    ctx.query(`SELECT TrackId FROM Track WHERE TrackId IN (${marks})`, ids).map((t) => t.TrackId),
  );
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    ctx.fail("not_found", `No track with id ${missing.join(", ")}.`, { missingTrackIds: missing });
  }
  const present = new Set(
    ctx
      .query(`SELECT TrackId FROM PlaylistTrack WHERE PlaylistId = ? AND TrackId IN (${marks})`, [
        playlist.PlaylistId,
        ...ids,
      ])
      .map((t) => t.TrackId),
  );
  const added = [];
  const skipped = [];
  for (const trackId of ids) {
    if (present.has(trackId)) {
      skipped.push(trackId);
      continue;
    }
    ctx.run("INSERT INTO PlaylistTrack (PlaylistId, TrackId) VALUES (?, ?)", [
      playlist.PlaylistId,
      trackId,
    ]);
    added.push(trackId);
  }
  const count = ctx.one("SELECT COUNT(*) AS n FROM PlaylistTrack WHERE PlaylistId = ?", [
    playlist.PlaylistId,
  ]).n;
  return {
    playlistId: playlist.PlaylistId,
    name: playlist.Name,
    added,
    skipped,
    trackCount: count,
  };
}
