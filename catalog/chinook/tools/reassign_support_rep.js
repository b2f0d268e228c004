export default function reassign_support_rep(args, ctx) {
  const customer = ctx.one(
    "SELECT CustomerId, FirstName, LastName, SupportRepId FROM Customer WHERE CustomerId = ?",
    [args.customerId],
  );
  if (!customer) ctx.fail("not_found", `No customer with id ${args.customerId}.`);
  const rep = ctx.one(
    "SELECT EmployeeId, FirstName, LastName, Title, Email FROM Employee WHERE EmployeeId = ?",
    [args.employeeId],
  );
  if (!rep) ctx.fail("not_found", `No employee with id ${args.employeeId}.`);
  if (rep.Title !== "Sales Support Agent") {
    ctx.fail(
      "forbidden",
      `${rep.FirstName} ${rep.LastName} (${rep.Title}) is not a Sales Support Agent; only they can support customers.`,
      { employeeId: rep.EmployeeId, title: rep.Title },
    );
  }
  if (customer.SupportRepId === rep.EmployeeId) {
    ctx.fail(
      "conflict",
      `Customer ${customer.CustomerId} is already assigned to ${rep.FirstName} ${rep.LastName}.`,
    );
  }
  const previous =
    customer.SupportRepId === null
      ? null
      : ctx.one("SELECT EmployeeId, FirstName, LastName FROM Employee WHERE EmployeeId = ?", [
          customer.SupportRepId,
        ]);
  ctx.run("UPDATE Customer SET SupportRepId = ? WHERE CustomerId = ?", [
    rep.EmployeeId,
    customer.CustomerId,
  ]);
  return {
    customerId: customer.CustomerId,
    customerName: `${customer.FirstName} ${customer.LastName}`,
    previousRep: previous
      ? { employeeId: previous.EmployeeId, name: `${previous.FirstName} ${previous.LastName}` }
      : null,
    supportRep: {
      employeeId: rep.EmployeeId,
      name: `${rep.FirstName} ${rep.LastName}`,
      email: rep.Email,
    },
  };
}
