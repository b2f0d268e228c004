export default function create_playlist(args, ctx) {
  const name = args.name.trim();
  if (name === "") ctx.fail("invalid_argument", "A playlist needs a name.");
  const existing = ctx.one("SELECT PlaylistId FROM Playlist WHERE TRIM(Name) = ? COLLATE NOCASE", [
    name,
  ]);
  if (existing) {
    ctx.fail("conflict", `A playlist named "${name}" already exists.`, {
      playlistId: existing.PlaylistId,
    });
  }
  const ids = args.trackIds ?? [];
  if (new Set(ids).size !== ids.length) ctx.fail("invalid_argument", "trackIds has duplicates.");
  if (ids.length > 0) {
    const found = ctx.query(
      `SELECT TrackId FROM Track WHERE TrackId IN (${ids.map(() => "?").join(", ")})`,
      ids,
    );
    const known = new Set(found.map((t) => t.TrackId));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) {
      ctx.fail("not_found", `No track with id ${missing.join(", ")}.`, {
        missingTrackIds: missing,
      });
    }
  }
  const { lastInsertRowid: playlistId } = ctx.run("INSERT INTO Playlist (Name) VALUES (?)", [name]);
  for (const trackId of ids) {
    ctx.run("INSERT INTO PlaylistTrack (PlaylistId, TrackId) VALUES (?, ?)", [playlistId, trackId]);
  }
  return { playlistId, name, trackCount: ids.length };
}
