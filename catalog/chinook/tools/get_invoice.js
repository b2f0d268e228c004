export default function get_invoice(args, ctx) {
  const inv = ctx.one(
    `SELECT i.*, c.FirstName, c.LastName FROM Invoice i
     JOIN Customer c ON c.CustomerId = i.CustomerId WHERE i.InvoiceId = ?`,
    [args.invoiceId],
  );
  if (!inv) ctx.fail("not_found", `No invoice with id ${args.invoiceId}.`);
  const lines = ctx.query(
    `SELECT l.InvoiceLineId, l.TrackId, t.Name AS Track, ar.Name AS Artist, l.UnitPrice, l.Quantity
     FROM InvoiceLine l JOIN Track t ON t.TrackId = l.TrackId
     LEFT JOIN Album al ON al.AlbumId = t.AlbumId LEFT JOIN Artist ar ON ar.ArtistId = al.ArtistId
     WHERE l.InvoiceId = ? ORDER BY l.InvoiceLineId`,
    [args.invoiceId],
  );
  return {
    invoiceId: inv.InvoiceId,
    customerId: inv.CustomerId,
    customerName: `${inv.FirstName} ${inv.LastName}`,
    invoiceDate: inv.InvoiceDate,
    billing: {
      address: inv.BillingAddress,
      city: inv.BillingCity,
      state: inv.BillingState,
      country: inv.BillingCountry,
      postalCode: inv.BillingPostalCode,
    },
    lines: lines.map((l) => ({
      invoiceLineId: l.InvoiceLineId,
      trackId: l.TrackId,
      trackName: l.Track,
      artist: l.Artist,
      unitPrice: l.UnitPrice,
      quantity: l.Quantity,
      amount: Math.round(l.UnitPrice * 100 * l.Quantity) / 100,
    })),
    total: inv.Total,
  };
}
