import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Get one invoice with its billing address and lines. Use it before a refund to find the " +
    "invoiceLineId of the track the customer wants back. Returns `{invoiceId, customerId, " +
    "customerName, invoiceDate, billing: {address, city, state, country, postalCode}, lines, " +
    "total}`; each line has invoiceLineId, trackId, trackName, artist, unitPrice, quantity and " +
    "amount. Fails with `not_found` for an unknown id.",
  effect: "read",
  inputSchema: {
    type: "object",
    properties: { invoiceId: { type: "integer", minimum: 1 } },
    required: ["invoiceId"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "returns an invoice with its lines",
      args: { invoiceId: 98 },
      expect: {
        result: {
          invoiceId: 98,
          customerId: 1,
          customerName: "Luís Gonçalves",
          invoiceDate: "2008-03-10 00:00:00",
          billing: {
            address: "Av. Brigadeiro Faria Lima, 2170",
            city: "São José dos Campos",
            state: "SP",
            country: "Brazil",
            postalCode: "12227-000",
          },
          lines: [
            {
              invoiceLineId: 531,
              trackId: 3247,
              trackName: "Experiment In Terra",
              artist: "Battlestar Galactica (Classic)",
              unitPrice: 1.99,
              quantity: 1,
              amount: 1.99,
            },
            {
              invoiceLineId: 532,
              trackId: 3248,
              trackName: "Take the Celestra",
              artist: "Battlestar Galactica (Classic)",
              unitPrice: 1.99,
              quantity: 1,
              amount: 1.99,
            },
          ],
          total: 3.98,
        },
      },
    },
    {
      name: "returns the store's first invoice",
      args: { invoiceId: 1 },
      expect: {
        match: "subset",
        result: {
          customerName: "Leonie Köhler",
          invoiceDate: "2007-01-01 00:00:00",
          billing: { city: "Stuttgart", state: null },
          lines: [
            { trackName: "Balls to the Wall", artist: "Accept" },
            { trackName: "Restless and Wild", artist: "Accept" },
          ],
          total: 1.98,
        },
      },
    },
    {
      name: "reports an unknown invoice",
      args: { invoiceId: 413 },
      expect: { error: { code: "not_found" } },
    },
  ],
});
