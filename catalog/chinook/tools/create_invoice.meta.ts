import { defineTool } from "../../tool-meta";

const luisAddress = {
  address: "Av. Brigadeiro Faria Lima, 2170",
  city: "São José dos Campos",
  state: "SP",
  country: "Brazil",
  postalCode: "12227-000",
};

export default defineTool({
  description:
    "Sell tracks to a customer: create an invoice dated now with one line per track. Prices come " +
    "from the catalog (never from you); the billing address is the customer's own unless " +
    "`billing` is given. List each track once, with a quantity (default 1). Returns the new " +
    "invoice `{invoiceId, customerId, invoiceDate, billing, lines, total}`, each line with " +
    "invoiceLineId, trackId, trackName, unitPrice, quantity and amount. Fails with `not_found` " +
    "for an unknown customer or track (`details.missingTrackIds`) and `invalid_argument` for a " +
    "track listed twice.",
  effect: "write",
  inputSchema: {
    type: "object",
    properties: {
      customerId: { type: "integer", minimum: 1 },
      lines: {
        type: "array",
        minItems: 1,
        maxItems: 50,
        items: {
          type: "object",
          properties: {
            trackId: { type: "integer", minimum: 1 },
            quantity: { type: "integer", minimum: 1, maximum: 100, default: 1 },
          },
          required: ["trackId"],
          additionalProperties: false,
        },
      },
      billing: {
        type: "object",
        description: "Another billing address for this invoice only.",
        properties: {
          address: { type: "string", minLength: 1, maxLength: 70 },
          city: { type: "string", minLength: 1, maxLength: 40 },
          state: { type: "string", maxLength: 40 },
          country: { type: "string", minLength: 1, maxLength: 40 },
          postalCode: { type: "string", maxLength: 10 },
        },
        required: ["address", "city", "country"],
        additionalProperties: false,
      },
    },
    required: ["customerId", "lines"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "creates an invoice with two lines at catalog prices",
      args: { customerId: 1, lines: [{ trackId: 15, quantity: 2 }, { trackId: 3247 }] },
      expect: {
        match: "subset",
        result: {
          invoiceId: 413,
          customerId: 1,
          billing: luisAddress,
          lines: [
            {
              invoiceLineId: 2241,
              trackId: 15,
              trackName: "Go Down",
              unitPrice: 0.99,
              quantity: 2,
              amount: 1.98,
            },
            {
              invoiceLineId: 2242,
              trackId: 3247,
              trackName: "Experiment In Terra",
              unitPrice: 1.99,
              quantity: 1,
              amount: 1.99,
            },
          ],
          total: 3.97,
        },
        changes: { Invoice: { inserted: 1 }, InvoiceLine: { inserted: 2 } },
      },
    },
    {
      name: "bills another address when given",
      args: {
        customerId: 2,
        lines: [{ trackId: 2 }],
        billing: { address: "Königstraße 1", city: "Berlin", country: "Germany" },
      },
      expect: {
        match: "subset",
        result: {
          customerId: 2,
          billing: {
            address: "Königstraße 1",
            city: "Berlin",
            state: null,
            country: "Germany",
            postalCode: null,
          },
          total: 0.99,
        },
        changes: { Invoice: { inserted: 1 }, InvoiceLine: { inserted: 1 } },
      },
    },
    {
      name: "refuses an unknown customer",
      args: { customerId: 60, lines: [{ trackId: 15 }] },
      expect: { error: { code: "not_found" } },
    },
    {
      name: "refuses an unknown track and writes nothing",
      args: { customerId: 1, lines: [{ trackId: 15 }, { trackId: 99999 }] },
      expect: { error: { code: "not_found" } },
    },
    {
      name: "refuses a track listed twice",
      args: { customerId: 1, lines: [{ trackId: 15 }, { trackId: 15, quantity: 2 }] },
      expect: { error: { code: "invalid_argument" } },
    },
    {
      name: "refuses an invoice without lines",
      args: { customerId: 1, lines: [] },
      expect: { error: { code: "invalid_arguments" } },
    },
    {
      name: "refuses a quantity below one",
      args: { customerId: 1, lines: [{ trackId: 15, quantity: 0 }] },
      expect: { error: { code: "invalid_arguments" } },
    },
  ],
});
