export default function refund_invoice_line(args, ctx) {
  const line = ctx.one("SELECT * FROM InvoiceLine WHERE InvoiceLineId = ? AND InvoiceId = ?", [
    args.invoiceLineId,
    args.invoiceId,
  ]);
  if (!line) {
    const invoice = ctx.one("SELECT InvoiceId FROM Invoice WHERE InvoiceId = ?", [args.invoiceId]);
    if (!invoice) ctx.fail("not_found", `No invoice with id ${args.invoiceId}.`);
    ctx.fail("not_found", `Invoice ${args.invoiceId} has no line ${args.invoiceLineId}.`);
  }
  const quantity = args.quantity ?? line.Quantity;
  if (!Number.isInteger(quantity) || quantity < 1) {
    ctx.fail("invalid_argument", "The quantity to refund must be a whole number >= 1.");
  }
  if (quantity > line.Quantity) {
    ctx.fail(
      "invalid_argument",
      `Line ${line.InvoiceLineId} has quantity ${line.Quantity}; cannot refund ${quantity}.`,
      { purchased: line.Quantity, requested: quantity },
    );
  }
  const remaining = line.Quantity - quantity;
  if (remaining === 0) {
    ctx.run("DELETE FROM InvoiceLine WHERE InvoiceLineId = ?", [line.InvoiceLineId]);
  } else {
    ctx.run("UPDATE InvoiceLine SET Quantity = ? WHERE InvoiceLineId = ?", [
      remaining,
      line.InvoiceLineId,
    ]);
  }
  const rest = ctx.query("SELECT UnitPrice, Quantity FROM InvoiceLine WHERE InvoiceId = ?", [
    args.invoiceId,
  ]);
  const total = rest.reduce((sum, l) => sum + Math.round(l.UnitPrice * 100) * l.Quantity, 0) / 100;
  ctx.run("UPDATE Invoice SET Total = ? WHERE InvoiceId = ?", [total, args.invoiceId]);
  return {
    invoiceId: args.invoiceId,
    invoiceLineId: line.InvoiceLineId,
    trackId: line.TrackId,
    refundedQuantity: quantity,
    refundAmount: (Math.round(line.UnitPrice * 100) * quantity) / 100,
    remainingQuantity: remaining,
    lineRemoved: remaining === 0,
    invoiceTotal: total,
  };
}
