export default function update_customer_contact(args, ctx) {
  const columns = {
    email: "Email",
    phone: "Phone",
    fax: "Fax",
    company: "Company",
    address: "Address",
    city: "City",
    state: "State",
    country: "Country",
    postalCode: "PostalCode",
  };
  const fields = Object.keys(columns).filter((f) => args[f] !== undefined);
  if (fields.length === 0)
    ctx.fail("invalid_argument", "Give at least one contact field to change.");
  const customer = ctx.one("SELECT CustomerId FROM Customer WHERE CustomerId = ?", [
    args.customerId,
  ]);
  if (!customer) ctx.fail("not_found", `No customer with id ${args.customerId}.`);
  const values = fields.map((f) => (typeof args[f] === "string" ? args[f].trim() : args[f]));
  if (args.email !== undefined) {
    const email = values[fields.indexOf("email")];
    if (email === null || email === "")
      ctx.fail("invalid_argument", "A customer must keep an email.");
    const taken = ctx.one(
      "SELECT CustomerId FROM Customer WHERE Email = ? COLLATE NOCASE AND CustomerId <> ?",
      [email, args.customerId],
    );
    if (taken) {
      ctx.fail("conflict", `The email ${email} belongs to another customer.`, {
        customerId: taken.CustomerId,
      });
    }
  }
  ctx.run(
    `UPDATE Customer SET ${fields.map((f) => `${columns[f]} = ?`).join(", ")} WHERE CustomerId = ?`,
    [...values, args.customerId],
  );
  const c = ctx.one("SELECT * FROM Customer WHERE CustomerId = ?", [args.customerId]);
  return {
    customerId: c.CustomerId,
    updatedFields: fields,
    contact: {
      email: c.Email,
      phone: c.Phone,
      fax: c.Fax,
      company: c.Company,
      address: c.Address,
      city: c.City,
      state: c.State,
      country: c.Country,
      postalCode: c.PostalCode,
    },
  };
}
