import { defineTool } from "../../tool-meta";

export default defineTool({
  description:
    "List the employees who can be a customer's support rep (title `Sales Support Agent`), with " +
    "how many customers each one has. Use it before `reassign_support_rep`, e.g. to pick the rep " +
    "with the fewest customers. Returns `{reps}` ordered by employeeId, each `{employeeId, name, " +
    "title, email, phone, city, customerCount}`.",
  effect: "read",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  tests: [
    {
      name: "lists the three sales support agents",
      args: {},
      expect: {
        result: {
          reps: [
            {
              employeeId: 3,
              name: "Jane Peacock",
              title: "Sales Support Agent",
              email: "jane@chinookcorp.com",
              phone: "+1 (403) 262-3443",
              city: "Calgary",
              customerCount: 21,
            },
            {
              employeeId: 4,
              name: "Margaret Park",
              title: "Sales Support Agent",
              email: "margaret@chinookcorp.com",
              phone: "+1 (403) 263-4423",
              city: "Calgary",
              customerCount: 20,
            },
            {
              employeeId: 5,
              name: "Steve Johnson",
              title: "Sales Support Agent",
              email: "steve@chinookcorp.com",
              phone: "1 (780) 836-9987",
              city: "Calgary",
              customerCount: 18,
            },
          ],
        },
      },
    },
    {
      name: "takes no arguments",
      args: { title: "IT Staff" },
      expect: { error: { code: "invalid_arguments" } },
    },
  ],
});
