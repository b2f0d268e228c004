import { defineTool } from "../../tool-meta";

const nullableText = (maxLength: number) => ({
  type: ["string", "null"],
  maxLength,
  description: "New value; null clears it.",
});

export default defineTool({
  description:
    "Change a customer's contact details: email, phone, fax, company or postal address fields. " +
    "Give only the fields to change; null clears an optional field (email cannot be cleared). " +
    "An email used by another customer fails with `conflict`. Returns `{customerId, " +
    "updatedFields, contact}` with the stored contact details after the change. Fails with " +
    "`not_found` for an unknown customer and `invalid_argument` when no field is given.",
  effect: "write",
  inputSchema: {
    type: "object",
    properties: {
      customerId: { type: "integer", minimum: 1 },
      email: { type: "string", format: "email", maxLength: 60 },
      phone: nullableText(24),
      fax: nullableText(24),
      company: nullableText(80),
      address: nullableText(70),
      city: nullableText(40),
      state: nullableText(40),
      country: nullableText(40),
      postalCode: nullableText(10),
    },
    required: ["customerId"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "changes email and phone",
      args: { customerId: 2, email: "leonie.kohler@example.de", phone: "+49 711 1234567" },
      expect: {
        result: {
          customerId: 2,
          updatedFields: ["email", "phone"],
          contact: {
            email: "leonie.kohler@example.de",
            phone: "+49 711 1234567",
            fax: null,
            company: null,
            address: "Theodor-Heuss-Straße 34",
            city: "Stuttgart",
            state: null,
            country: "Germany",
            postalCode: "70174",
          },
        },
        changes: { Customer: { updated: 1 } },
      },
    },
    {
      name: "clears a field with null and moves the address",
      args: { customerId: 1, company: null, city: "Campinas", postalCode: "13083-970" },
      expect: {
        match: "subset",
        result: {
          updatedFields: ["company", "city", "postalCode"],
          contact: { company: null, city: "Campinas", state: "SP", postalCode: "13083-970" },
        },
        changes: { Customer: { updated: 1 } },
      },
    },
    {
      name: "refuses an email another customer uses",
      args: { customerId: 1, email: "ftremblay@gmail.com" },
      expect: { error: { code: "conflict" } },
    },
    {
      name: "refuses a malformed email",
      args: { customerId: 1, email: "luis at embraer" },
      expect: { error: { code: "invalid_arguments" } },
    },
    {
      name: "needs a field to change",
      args: { customerId: 1 },
      expect: { error: { code: "invalid_argument" } },
    },
    {
      name: "refuses an unknown customer",
      args: { customerId: 100, phone: "123" },
      expect: { error: { code: "not_found" } },
    },
  ],
});
