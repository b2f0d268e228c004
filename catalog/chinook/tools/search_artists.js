export default function search_artists(args, ctx) {
  const limit = args.limit ?? 10;
  const offset = args.offset ?? 0;
  // instr, not LIKE: see search_tracks.
  const text = args.query.trim();
  const match = "instr(lower(Name), lower(?)) > 0";
  const total = ctx.one(`SELECT COUNT(*) AS n FROM Artist WHERE ${match}`, [text]).n;
  const artists = ctx.query(
    `SELECT ArtistId, Name FROM Artist WHERE ${match}
     ORDER BY Name COLLATE NOCASE, ArtistId LIMIT ? OFFSET ?`,
    [text, limit, offset],
  );
  return {
    total,
    limit,
    offset,
    artists: artists.map((a) => {
      const albums = ctx.query(
        `SELECT al.AlbumId, al.Title, COUNT(t.TrackId) AS Tracks
         FROM Album al LEFT JOIN Track t ON t.AlbumId = al.AlbumId
         WHERE al.ArtistId = ? GROUP BY al.AlbumId ORDER BY al.Title COLLATE NOCASE, al.AlbumId`,
        [a.ArtistId],
      );
      return {
        artistId: a.ArtistId,
        name: a.Name,
        albums: albums.map((al) => ({
          albumId: al.AlbumId,
          title: al.Title,
          trackCount: al.Tracks,
        })),
      };
    }),
  };
}
