export default function list_customer_invoices(args, ctx) {
  const limit = args.limit ?? 10;
  const offset = args.offset ?? 0;
  const customer = ctx.one("SELECT CustomerId FROM Customer WHERE CustomerId = ?", [
    args.customerId,
  ]);
  if (!customer) ctx.fail("not_found", `No customer with id ${args.customerId}.`);
  const total = ctx.one("SELECT COUNT(*) AS n FROM Invoice WHERE CustomerId = ?", [
    args.customerId,
  ]).n;
  const rows = ctx.query(
    `SELECT i.InvoiceId, i.InvoiceDate, i.Total, i.BillingCity, i.BillingCountry,
       (SELECT COUNT(*) FROM InvoiceLine l WHERE l.InvoiceId = i.InvoiceId) AS Lines
     FROM Invoice i WHERE i.CustomerId = ?
     ORDER BY i.InvoiceDate DESC, i.InvoiceId DESC LIMIT ? OFFSET ?`,
    [args.customerId, limit, offset],
  );
  return {
    customerId: args.customerId,
    total,
    limit,
    offset,
    invoices: rows.map((r) => ({
      invoiceId: r.InvoiceId,
      invoiceDate: r.InvoiceDate,
      total: r.Total,
      lineCount: r.Lines,
      billingCity: r.BillingCity,
      billingCountry: r.BillingCountry,
    })),
  };
}
