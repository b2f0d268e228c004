import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "List a customer's invoices, newest first. Use it to find the invoice a customer is asking " +
    "about, then `get_invoice` for its lines. Returns `{customerId, total, limit, offset, " +
    "invoices}`, each invoice `{invoiceId, invoiceDate, total, lineCount, billingCity, " +
    "billingCountry}`; `total` is the number of invoices. Fails with `not_found` for an unknown " +
    "customer.",
  effect: "read",
  inputSchema: {
    type: "object",
    properties: {
      customerId: { type: "integer", minimum: 1 },
      limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
      offset: { type: "integer", minimum: 0, default: 0 },
    },
    required: ["customerId"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "lists the newest invoices first",
      args: { customerId: 1, limit: 2 },
      expect: {
        result: {
          customerId: 1,
          total: 7,
          limit: 2,
          offset: 0,
          invoices: [
            {
              invoiceId: 382,
              invoiceDate: "2011-08-07 00:00:00",
              total: 8.91,
              lineCount: 9,
              billingCity: "São José dos Campos",
              billingCountry: "Brazil",
            },
            {
              invoiceId: 327,
              invoiceDate: "2010-12-07 00:00:00",
              total: 13.86,
              lineCount: 14,
              billingCity: "São José dos Campos",
              billingCountry: "Brazil",
            },
          ],
        },
      },
    },
    {
      name: "pages to the oldest invoices",
      args: { customerId: 1, limit: 5, offset: 5 },
      expect: {
        match: "subset",
        result: {
          total: 7,
          invoices: [
            { invoiceId: 121, total: 3.96 },
            { invoiceId: 98, total: 3.98 },
          ],
        },
      },
    },
    {
      name: "reports an unknown customer",
      args: { customerId: 4242 },
      expect: { error: { code: "not_found" } },
    },
  ],
});
