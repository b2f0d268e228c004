export default function list_support_reps(_args, ctx) {
  const reps = ctx.query(
    `SELECT e.EmployeeId, e.FirstName, e.LastName, e.Title, e.Email, e.Phone, e.City,
       (SELECT COUNT(*) FROM Customer c WHERE c.SupportRepId = e.EmployeeId) AS Customers
     FROM Employee e WHERE e.Title = 'Sales Support Agent' ORDER BY e.EmployeeId`,
  );
  return {
    reps: reps.map((e) => ({
      employeeId: e.EmployeeId,
      name: `${e.FirstName} ${e.LastName}`,
      title: e.Title,
      email: e.Email,
      phone: e.Phone,
      city: e.City,
      customerCount: e.Customers,
    })),
  };
}
