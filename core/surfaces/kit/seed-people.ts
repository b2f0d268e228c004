// The people of the seeded worlds (calendars, mailboxes): a person is known by a full name, and a
// company address is their name in lower case, words joined by dots, at the company's domain.

/** `first.last@domain` for "First Last". */
export function workAddress(fullName: string, domain: string): string {
  return `${fullName.toLowerCase().split(" ").join(".")}@${domain}`;
}

/**
 * The people of one company by key: each one's name, and the company address made from it under
 * `field` (the calendar API says `email`, a mailbox `address`).
 */
export function staffAt<K extends string, F extends string>(
  domain: string,
  field: F,
  names: Record<K, string>,
): Record<K, { name: string } & Record<F, string>> {
  const out = {} as Record<K, { name: string } & Record<F, string>>;
  for (const [key, name] of Object.entries(names) as [K, string][]) {
    out[key] = { name, ...({ [field]: workAddress(name, domain) } as Record<F, string>) };
  }
  return out;
}
