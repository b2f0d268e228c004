// Who writes to the seeded mailbox, its labels and its filters: the owner Jordan Ellis at
// Lumenworks, six colleagues, three people at the client Cedar & Pine Logistics, and four
// senders from outside (a travel agency, a cloud provider's billing, a newsletter, a phisher). Fixed content:
// every import seeds the same mailbox.

import { staffAt, workAddress } from "../kit/seed-people";

export interface Person {
  name: string;
  address: string;
}

/** The mailbox's owner: the "me" of every call, the sender of sent mail. */
export const OWNER: Person = {
  name: "Jordan Ellis",
  address: workAddress("Jordan Ellis", "lumenworks.io"),
};

export const PEOPLE = {
  jordan: OWNER,
  ...staffAt("lumenworks.io", "address", {
    priya: "Priya Raman",
    marco: "Marco Bianchi",
    sofia: "Sofia Lindqvist",
    daniel: "Daniel Okafor",
    hannah: "Hannah Weber",
    tom: "Tom Becker",
  }),
  ...staffAt("cedarpine.com", "address", {
    elena: "Elena Petrova",
    samuel: "Samuel Ortiz",
    grace: "Grace Kim",
  }),
  northstar: { name: "Northstar Travel", address: "bookings@northstartravel.com" },
  kestrel: { name: "Kestrel Cloud Billing", address: "billing@kestrelcloud.com" },
  digest: { name: "The Product Digest", address: "digest@productdigest.news" },
  phisher: { name: "Mailbox Administrator", address: "admin@mailbox-verify.net" },
} satisfies Record<string, Person>;

export type PersonKey = keyof typeof PEOPLE;

/** `Name <address>`, as a From or To header shows a person. */
export const headerOf = (p: Person) => `${p.name} <${p.address}>`;

export interface SeedLabel {
  id: string;
  name: string;
  type: "system" | "user";
  messageListVisibility: "show" | "hide" | null;
  labelListVisibility: "labelShow" | "labelShowIfUnread" | "labelHide" | null;
}

/** Gmail's system labels the mailbox models, in the order its label list gives them. */
export const SYSTEM_LABELS = [
  "INBOX",
  "SENT",
  "DRAFT",
  "UNREAD",
  "STARRED",
  "IMPORTANT",
  "TRASH",
  "SPAM",
] as const;

const user = (
  n: number,
  name: string,
  labelListVisibility: SeedLabel["labelListVisibility"] = "labelShow",
  messageListVisibility: SeedLabel["messageListVisibility"] = "show",
): SeedLabel => ({
  id: `Label_${n}`,
  name,
  type: "user",
  messageListVisibility,
  labelListVisibility,
});

export const SEED_LABELS: readonly SeedLabel[] = [
  ...SYSTEM_LABELS.map(
    (id): SeedLabel => ({
      id,
      name: id,
      type: "system",
      messageListVisibility: null,
      labelListVisibility: null,
    }),
  ),
  user(1, "Finance"),
  user(2, "Clients/Cedar & Pine"),
  user(3, "Travel"),
  user(4, "Releases", "labelShowIfUnread"),
  user(5, "Hiring"),
  user(6, "Receipts", "labelShowIfUnread"),
  user(7, "Newsletters", "labelHide", "hide"),
];

/** The user labels a message of the seed names by their short key. */
export const LABEL_KEYS = {
  finance: "Label_1",
  cedar: "Label_2",
  travel: "Label_3",
  releases: "Label_4",
  hiring: "Label_5",
  receipts: "Label_6",
  newsletters: "Label_7",
} as const;

export type LabelKey = keyof typeof LABEL_KEYS;

export interface SeedFilter {
  id: string;
  criteria: Record<string, string | number | boolean>;
  action: { addLabelIds?: string[]; removeLabelIds?: string[]; forward?: string };
}

/** Three filters the owner set up: newsletters skip the inbox, bills and release notes get labels. */
export const SEED_FILTERS: readonly SeedFilter[] = [
  {
    id: "ANe1Bmj4kQ7d2",
    criteria: { from: PEOPLE.digest.address },
    action: { addLabelIds: [LABEL_KEYS.newsletters], removeLabelIds: ["INBOX"] },
  },
  {
    id: "ANe1Bmj4kQ7d3",
    criteria: { from: PEOPLE.kestrel.address },
    action: { addLabelIds: [LABEL_KEYS.receipts] },
  },
  {
    id: "ANe1Bmj4kQ7d4",
    criteria: { subject: "Release notes" },
    action: { addLabelIds: [LABEL_KEYS.releases] },
  },
];
