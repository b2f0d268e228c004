export default function get_customer(args, ctx) {
  const c = ctx.one("SELECT * FROM Customer WHERE CustomerId = ?", [args.customerId]);
  if (!c) ctx.fail("not_found", `No customer with id ${args.customerId}.`);
  const rep =
    c.SupportRepId === null
      ? null
      : ctx.one(
          "SELECT EmployeeId, FirstName, LastName, Email FROM Employee WHERE EmployeeId = ?",
          [c.SupportRepId],
        );
  const stats = ctx.one(
    "SELECT COUNT(*) AS n, ROUND(COALESCE(SUM(Total), 0), 2) AS spent FROM Invoice WHERE CustomerId = ?",
    [c.CustomerId],
  );
  return {
    customerId: c.CustomerId,
    firstName: c.FirstName,
    lastName: c.LastName,
    company: c.Company,
    email: c.Email,
    phone: c.Phone,
    fax: c.Fax,
    address: {
      address: c.Address,
      city: c.City,
      state: c.State,
      country: c.Country,
      postalCode: c.PostalCode,
    },
    supportRep: rep
      ? { employeeId: rep.EmployeeId, name: `${rep.FirstName} ${rep.LastName}`, email: rep.Email }
      : null,
    invoiceCount: stats.n,
    totalSpent: stats.spent,
  };
}
