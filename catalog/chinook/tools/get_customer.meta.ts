import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Get a customer's full record: name, company, email, phone, fax, postal address, assigned " +
    "support rep `{employeeId, name, email}` (or null), number of invoices and total spent. Use " +
    "it to confirm who you are talking to and before changing their details. Fails with " +
    "`not_found` for an unknown id.",
  effect: "read",
  inputSchema: {
    type: "object",
    properties: { customerId: { type: "integer", minimum: 1 } },
    required: ["customerId"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "returns a customer with missing fields as null",
      args: { customerId: 2 },
      expect: {
        result: {
          customerId: 2,
          firstName: "Leonie",
          lastName: "Köhler",
          company: null,
          email: "leonekohler@surfeu.de",
          phone: "+49 0711 2842222",
          fax: null,
          address: {
            address: "Theodor-Heuss-Straße 34",
            city: "Stuttgart",
            state: null,
            country: "Germany",
            postalCode: "70174",
          },
          supportRep: { employeeId: 5, name: "Steve Johnson", email: "steve@chinookcorp.com" },
          invoiceCount: 7,
          totalSpent: 37.62,
        },
      },
    },
    {
      name: "totals the customer's invoices",
      args: { customerId: 1 },
      expect: {
        match: "subset",
        result: {
          firstName: "Luís",
          email: "luisg@embraer.com.br",
          supportRep: { employeeId: 3, name: "Jane Peacock" },
          invoiceCount: 7,
          totalSpent: 39.62,
        },
      },
    },
    {
      name: "reports an unknown customer",
      args: { customerId: 60 },
      expect: { error: { code: "not_found" } },
    },
  ],
});
