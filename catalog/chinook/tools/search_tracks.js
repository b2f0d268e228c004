export default function search_tracks(args, ctx) {
  const limit = args.limit ?? 10;
  const offset = args.offset ?? 0;
  const where = [];
  const params = [];
  if (args.query !== undefined && args.query.trim() !== "") {
    // instr, not LIKE: any length (workerd caps LIKE patterns at 50 bytes), no wildcards, and a
    // NUL is matched as itself; lower() folds ASCII case as LIKE did.
    const text = args.query.trim();
    where.push(
      "(instr(lower(t.Name), lower(?)) > 0 OR instr(lower(al.Title), lower(?)) > 0 OR instr(lower(ar.Name), lower(?)) > 0 OR instr(lower(g.Name), lower(?)) > 0)",
    );
    params.push(text, text, text, text);
  }
  if (args.genre !== undefined) {
    const genre = ctx.one("SELECT GenreId FROM Genre WHERE Name = ? COLLATE NOCASE", [args.genre]);
    if (!genre) {
      const genres = ctx.query("SELECT Name FROM Genre ORDER BY Name").map((g) => g.Name);
      ctx.fail("invalid_argument", `Unknown genre "${args.genre}".`, { genres });
    }
    where.push("t.GenreId = ?");
    params.push(genre.GenreId);
  }
  if (args.mediaType !== undefined) {
    const type = ctx.one("SELECT MediaTypeId FROM MediaType WHERE Name = ? COLLATE NOCASE", [
      args.mediaType,
    ]);
    if (!type) {
      const mediaTypes = ctx.query("SELECT Name FROM MediaType ORDER BY Name").map((m) => m.Name);
      ctx.fail("invalid_argument", `Unknown media type "${args.mediaType}".`, { mediaTypes });
    }
    where.push("t.MediaTypeId = ?");
    params.push(type.MediaTypeId);
  }
  if (args.minPrice !== undefined && args.maxPrice !== undefined && args.minPrice > args.maxPrice) {
    ctx.fail("invalid_argument", "minPrice must not be greater than maxPrice.");
  }
  if (args.minPrice !== undefined) {
    where.push("t.UnitPrice >= ?");
    params.push(args.minPrice);
  }
  if (args.maxPrice !== undefined) {
    where.push("t.UnitPrice <= ?");
    params.push(args.maxPrice);
  }
  const from = `FROM Track t
    LEFT JOIN Album al ON al.AlbumId = t.AlbumId
    LEFT JOIN Artist ar ON ar.ArtistId = al.ArtistId
    LEFT JOIN Genre g ON g.GenreId = t.GenreId
    JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId
    ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}`;
  const total = ctx.one(`SELECT COUNT(*) AS n ${from}`, params).n;
  const rows = ctx.query(
    `SELECT t.TrackId, t.Name, t.AlbumId, al.Title AS Album, ar.ArtistId, ar.Name AS Artist,
       g.Name AS Genre, m.Name AS MediaType, t.Composer, t.Milliseconds, t.UnitPrice
     ${from} ORDER BY t.Name COLLATE NOCASE, t.TrackId LIMIT ? OFFSET ?`,
    [...params, limit, offset],
  );
  return {
    total,
    limit,
    offset,
    tracks: rows.map((r) => ({
      trackId: r.TrackId,
      name: r.Name,
      albumId: r.AlbumId,
      album: r.Album,
      artistId: r.ArtistId,
      artist: r.Artist,
      genre: r.Genre,
      mediaType: r.MediaType,
      composer: r.Composer,
      milliseconds: r.Milliseconds,
      unitPrice: r.UnitPrice,
    })),
  };
}
