export default function get_album(args, ctx) {
  const album = ctx.one(
    `SELECT al.AlbumId, al.Title, ar.ArtistId, ar.Name AS Artist
     FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId WHERE al.AlbumId = ?`,
    [args.albumId],
  );
  if (!album) ctx.fail("not_found", `No album with id ${args.albumId}.`);
  const tracks = ctx.query(
    `SELECT t.TrackId, t.Name, g.Name AS Genre, m.Name AS MediaType, t.Composer, t.Milliseconds,
       t.UnitPrice
     FROM Track t LEFT JOIN Genre g ON g.GenreId = t.GenreId
     JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId
     WHERE t.AlbumId = ? ORDER BY t.TrackId`,
    [args.albumId],
  );
  const cents = tracks.reduce((sum, t) => sum + Math.round(t.UnitPrice * 100), 0);
  return {
    albumId: album.AlbumId,
    title: album.Title,
    artist: { artistId: album.ArtistId, name: album.Artist },
    trackCount: tracks.length,
    totalMilliseconds: tracks.reduce((sum, t) => sum + t.Milliseconds, 0),
    totalPrice: cents / 100,
    tracks: tracks.map((t) => ({
      trackId: t.TrackId,
      name: t.Name,
      genre: t.Genre,
      mediaType: t.MediaType,
      composer: t.Composer,
      milliseconds: t.Milliseconds,
      unitPrice: t.UnitPrice,
    })),
  };
}
