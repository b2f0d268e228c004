export default function find_customer(args, ctx) {
  const where = [];
  const params = [];
  if (args.email !== undefined) {
    where.push("Email = ? COLLATE NOCASE");
    params.push(args.email.trim());
  }
  if (args.name !== undefined) {
    const words = args.name
      .trim()
      .split(/\s+/)
      .filter((w) => w !== "");
    if (words.length === 0) ctx.fail("invalid_argument", "name must contain at least one word.");
    for (const word of words) {
      // instr, not LIKE: see search_tracks.
      where.push("(instr(lower(FirstName), lower(?)) > 0 OR instr(lower(LastName), lower(?)) > 0)");
      params.push(word, word);
    }
  }
  if (args.phone !== undefined) {
    const digits = args.phone.replace(/\D/g, "");
    if (digits.length < 6) ctx.fail("invalid_argument", "phone must contain at least 6 digits.");
    where.push(
      "instr(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(COALESCE(Phone, ''), ' ', ''), '(', ''), ')', ''), '-', ''), '+', ''), '.', ''), ?) > 0",
    );
    params.push(digits);
  }
  if (where.length === 0) ctx.fail("invalid_argument", "Give an email, a name or a phone number.");
  const rows = ctx.query(
    `SELECT CustomerId, FirstName, LastName, Email, Phone, City, Country, Company
     FROM Customer WHERE ${where.join(" AND ")} ORDER BY CustomerId LIMIT 21`,
    params,
  );
  return {
    matches: Math.min(rows.length, 20),
    truncated: rows.length > 20,
    customers: rows.slice(0, 20).map((c) => ({
      customerId: c.CustomerId,
      firstName: c.FirstName,
      lastName: c.LastName,
      email: c.Email,
      phone: c.Phone,
      city: c.City,
      country: c.Country,
      company: c.Company,
    })),
  };
}
