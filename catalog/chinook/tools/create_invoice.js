export default function create_invoice(args, ctx) {
  const lines = args.lines ?? [];
  if (lines.length === 0) ctx.fail("invalid_argument", "An invoice needs at least one line.");
  const seen = new Set();
  for (const line of lines) {
    const quantity = line.quantity ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1) {
      ctx.fail(
        "invalid_argument",
        `Quantity for track ${line.trackId} must be a whole number >= 1.`,
      );
    }
    if (seen.has(line.trackId)) {
      ctx.fail("invalid_argument", `Track ${line.trackId} is listed twice; give each track once.`);
    }
    seen.add(line.trackId);
  }
  const customer = ctx.one("SELECT * FROM Customer WHERE CustomerId = ?", [args.customerId]);
  if (!customer) ctx.fail("not_found", `No customer with id ${args.customerId}.`);
  const ids = lines.map((l) => l.trackId);
  const tracks = ctx.query(
    `SELECT TrackId, Name, UnitPrice FROM Track WHERE TrackId IN (${ids.map(() => "?").join(", ")})`,
    ids,
  );
  const byId = new Map(tracks.map((t) => [t.TrackId, t]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    ctx.fail("not_found", `No track with id ${missing.join(", ")}.`, { missingTrackIds: missing });
  }
  const b = args.billing;
  const billing = b
    ? {
        address: b.address,
        city: b.city,
        state: b.state ?? null,
        country: b.country,
        postalCode: b.postalCode ?? null,
      }
    : {
        address: customer.Address,
        city: customer.City,
        state: customer.State,
        country: customer.Country,
        postalCode: customer.PostalCode,
      };
  const priced = lines.map((l) => {
    const track = byId.get(l.trackId);
    const quantity = l.quantity ?? 1;
    return { track, quantity, cents: Math.round(track.UnitPrice * 100) * quantity };
  });
  const total = priced.reduce((sum, l) => sum + l.cents, 0) / 100;
  const invoiceDate = ctx.now().slice(0, 19).replace("T", " ");
  const { lastInsertRowid: invoiceId } = ctx.run(
    `INSERT INTO Invoice (CustomerId, InvoiceDate, BillingAddress, BillingCity, BillingState,
       BillingCountry, BillingPostalCode, Total) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      customer.CustomerId,
      invoiceDate,
      billing.address,
      billing.city,
      billing.state,
      billing.country,
      billing.postalCode,
      total,
    ],
  );
  const created = priced.map((l) => {
    const { lastInsertRowid } = ctx.run(
      "INSERT INTO InvoiceLine (InvoiceId, TrackId, UnitPrice, Quantity) VALUES (?, ?, ?, ?)",
      [invoiceId, l.track.TrackId, l.track.UnitPrice, l.quantity],
    );
    return {
      invoiceLineId: lastInsertRowid,
      trackId: l.track.TrackId,
      trackName: l.track.Name,
      unitPrice: l.track.UnitPrice,
      quantity: l.quantity,
      amount: l.cents / 100,
    };
  });
  return {
    invoiceId,
    customerId: customer.CustomerId,
    invoiceDate,
    billing,
    lines: created,
    total,
  };
}
