import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Refund part or all of one invoice line. Without `quantity` the whole line is refunded and " +
    "removed; with it the line's quantity is reduced (removed when it reaches 0). The invoice " +
    "total is recomputed from the remaining lines. Find the line with `get_invoice` first. " +
    "Returns `{invoiceId, invoiceLineId, trackId, refundedQuantity, refundAmount, " +
    "remainingQuantity, lineRemoved, invoiceTotal}`. Fails with `not_found` when the invoice or " +
    "the line (on that invoice) does not exist, and `invalid_argument` when refunding more than " +
    "was bought.",
  effect: "write",
  inputSchema: {
    type: "object",
    properties: {
      invoiceId: { type: "integer", minimum: 1 },
      invoiceLineId: { type: "integer", minimum: 1 },
      quantity: { type: "integer", minimum: 1, description: "How many to refund; default all." },
    },
    required: ["invoiceId", "invoiceLineId"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "refunds a whole line and lowers the total",
      args: { invoiceId: 98, invoiceLineId: 531 },
      expect: {
        result: {
          invoiceId: 98,
          invoiceLineId: 531,
          trackId: 3247,
          refundedQuantity: 1,
          refundAmount: 1.99,
          remainingQuantity: 0,
          lineRemoved: true,
          invoiceTotal: 1.99,
        },
        changes: { Invoice: { updated: 1 }, InvoiceLine: { deleted: 1 } },
      },
    },
    {
      name: "refunds an explicit quantity",
      args: { invoiceId: 1, invoiceLineId: 2, quantity: 1 },
      expect: {
        match: "subset",
        result: { trackId: 4, refundAmount: 0.99, lineRemoved: true, invoiceTotal: 0.99 },
        changes: { Invoice: { updated: 1 }, InvoiceLine: { deleted: 1 } },
      },
    },
    {
      name: "refuses to refund more than was bought",
      args: { invoiceId: 98, invoiceLineId: 531, quantity: 2 },
      expect: { error: { code: "invalid_argument" } },
    },
    {
      name: "refuses a line of another invoice",
      args: { invoiceId: 98, invoiceLineId: 1 },
      expect: { error: { code: "not_found" } },
    },
    {
      name: "refuses an unknown invoice",
      args: { invoiceId: 5000, invoiceLineId: 1 },
      expect: { error: { code: "not_found" } },
    },
  ],
});
