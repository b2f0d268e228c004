import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "Assign a customer to another support rep. The new rep must be a Sales Support Agent (see " +
    "`list_support_reps`); anyone else fails with `forbidden`, and the customer's current rep " +
    "fails with `conflict`. Returns `{customerId, customerName, previousRep: {employeeId, name} " +
    "| null, supportRep: {employeeId, name, email}}`. Fails with `not_found` for an unknown " +
    "customer or employee.",
  effect: "write",
  inputSchema: {
    type: "object",
    properties: {
      customerId: { type: "integer", minimum: 1 },
      employeeId: { type: "integer", minimum: 1 },
    },
    required: ["customerId", "employeeId"],
    additionalProperties: false,
  },
  tests: [
    {
      name: "moves a customer to another agent",
      args: { customerId: 1, employeeId: 4 },
      expect: {
        result: {
          customerId: 1,
          customerName: "Luís Gonçalves",
          previousRep: { employeeId: 3, name: "Jane Peacock" },
          supportRep: { employeeId: 4, name: "Margaret Park", email: "margaret@chinookcorp.com" },
        },
        changes: { Customer: { updated: 1 } },
      },
    },
    {
      name: "refuses an employee who is not a sales support agent",
      args: { customerId: 1, employeeId: 6 },
      expect: { error: { code: "forbidden" } },
    },
    {
      name: "refuses the rep the customer already has",
      args: { customerId: 2, employeeId: 5 },
      expect: { error: { code: "conflict" } },
    },
    {
      name: "refuses an unknown employee",
      args: { customerId: 1, employeeId: 9 },
      expect: { error: { code: "not_found" } },
    },
    {
      name: "refuses an unknown customer",
      args: { customerId: 60, employeeId: 4 },
      expect: { error: { code: "not_found" } },
    },
  ],
});
