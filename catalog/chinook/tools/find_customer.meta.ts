import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Look up customers. `email` is an exact (case-insensitive) match: prefer it when the " +
    "customer gives one. `name` matches every word against first or last name; `phone` matches " +
    "the digits of the phone number, ignoring spaces and punctuation. Criteria combine with AND. " +
    "Returns `{matches, truncated, customers}` (at most 20, by customer id), each with " +
    "customerId, firstName, lastName, email, phone, city, country and company. Use the customerId " +
    "with the other customer tools.",
  effect: "read",
  inputSchema: {
    type: "object",
    properties: {
      email: { type: "string", minLength: 3, maxLength: 60 },
      name: { type: "string", minLength: 1, maxLength: 80 },
      phone: { type: "string", minLength: 1, maxLength: 30 },
    },
    minProperties: 1,
    additionalProperties: false,
  },
  tests: [
    {
      name: "finds a customer by exact email",
      args: { email: "luisg@embraer.com.br" },
      expect: {
        result: {
          matches: 1,
          truncated: false,
          customers: [
            {
              customerId: 1,
              firstName: "Luís",
              lastName: "Gonçalves",
              email: "luisg@embraer.com.br",
              phone: "+55 (12) 3923-5555",
              city: "São José dos Campos",
              country: "Brazil",
              company: "Embraer - Empresa Brasileira de Aeronáutica S.A.",
            },
          ],
        },
      },
    },
    {
      name: "ignores the case of the email",
      args: { email: "LeoneKohler@SURFEU.de" },
      expect: { match: "subset", result: { matches: 1, customers: [{ customerId: 2 }] } },
    },
    {
      name: "an email is not a substring search",
      args: { email: "embraer.com.br" },
      expect: { result: { matches: 0, truncated: false, customers: [] } },
    },
    {
      name: "finds every customer whose name matches",
      args: { name: "mark" },
      expect: {
        match: "subset",
        result: {
          matches: 2,
          customers: [
            { customerId: 14, lastName: "Philips", email: "mphilips12@shaw.ca" },
            { customerId: 55, lastName: "Taylor", company: null },
          ],
        },
      },
    },
    {
      name: "matches a phone number by its digits",
      args: { phone: "5512 39235555" },
      expect: { match: "subset", result: { matches: 1, customers: [{ customerId: 1 }] } },
    },
    {
      name: "refuses a phone number too short to identify anyone",
      args: { phone: "55-12" },
      expect: { error: { code: "invalid_argument" } },
    },
    {
      name: "needs at least one criterion",
      args: {},
      expect: { error: { code: "invalid_arguments" } },
    },
  ],
});
