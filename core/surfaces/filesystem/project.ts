// The facts behind the filesystem surface's seeded repository, drawn once from the seeded
// generator: the app's name and version, its team, customers, orders, products, releases and
// meetings. Every template file (files.ts) reads the same facts, so the README, the
// CSVs, the changelog and the code agree with each other.
import { pick, type Random } from "../kit/seed-values";

export interface Person {
  name: string;
  email: string;
  handle: string;
  role: string;
}

export interface Customer {
  id: string;
  name: string;
  email: string;
  city: string;
  plan: "free" | "pro" | "business";
  signedUp: string;
}

export interface Order {
  id: string;
  customerId: string;
  status: "pending" | "paid" | "shipped" | "delivered" | "refunded" | "cancelled";
  items: number;
  total: number;
  createdAt: string;
}

export interface Product {
  sku: string;
  name: string;
  price: number;
  stock: number;
}

export interface Release {
  version: string;
  date: string;
  notes: string[];
}

export interface Meeting {
  date: string;
  attendees: Person[];
  decisions: string[];
  actions: { owner: Person; task: string }[];
}

export interface Project {
  /** Lowercase package name, e.g. `shelfwise`. */
  name: string;
  title: string;
  company: string;
  domain: string;
  version: string;
  port: number;
  taxRate: number;
  freeShippingOver: number;
  /** The team, lead first. */
  team: Person[];
  customers: Customer[];
  orders: Order[];
  products: Product[];
  /** Newest first: `version`, then the minor releases before it. */
  releases: Release[];
  meetings: Meeting[];
  /** The day the repository was started (ISO date). */
  started: string;
}

const appNames = ["shelfwise", "cartwheel", "harborline", "brightbasket", "tidewater", "fernhill"];
const companies = [
  "Acme Outfitters",
  "Bluebird Ceramics",
  "Juniper & Co",
  "Northwind Supply",
  "Copper Kettle Goods",
];
const firstNames = ["Ada", "Grace", "Alan", "Linus", "Margaret", "Ken", "Barbara", "Dennis"];
const lastNames = ["Lovelace", "Hopper", "Turing", "Hamilton", "Thompson", "Liskov", "Ritchie"];
const customerFirst = [
  "Maya",
  "Omar",
  "Lena",
  "Tariq",
  "Sofia",
  "Kenji",
  "Amara",
  "Lucas",
  "Ines",
  "Noah",
  "Priya",
  "Mateo",
  "Hana",
  "Elias",
];
const customerLast = [
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Tanaka",
  "Haddad",
  "Novak",
  "Fischer",
  "Costa",
  "Nakamura",
  "Walsh",
  "Rahman",
  "Silva",
];
const cities = ["Lisbon", "Nairobi", "Osaka", "Toronto", "Berlin", "Santiago", "Melbourne", "Oslo"];
const roles = [
  "tech lead",
  "backend engineer",
  "frontend engineer",
  "QA engineer",
  "product manager",
];
const productNames = [
  "Stoneware Mug",
  "Linen Apron",
  "Walnut Serving Board",
  "Enamel Kettle",
  "Glass Pour-Over Set",
  "Copper Measuring Cups",
  "Cast Iron Skillet",
  "Bamboo Utensil Set",
  "Ceramic Planter",
  "Wool Throw Blanket",
];
const statuses: Order["status"][] = [
  "delivered",
  "delivered",
  "shipped",
  "paid",
  "pending",
  "refunded",
  "cancelled",
  "delivered",
];
const releaseNotes = [
  "Add CSV export for the orders report",
  "Fix rounding of tax on discounted orders",
  "Show stock warnings on the product page",
  "Retry payment webhooks with exponential backoff",
  "Add /health readiness probe",
  "Paginate GET /orders (limit and cursor)",
  "Validate customer emails on sign-up",
  "Cache product listings for 60 seconds",
  "Log request ids in every line",
  "Upgrade to Node 20 and TypeScript 5.4",
  "Fix duplicate order numbers under load",
  "Add free-shipping threshold to pricing",
];
const decisions = [
  "Move the orders report to a nightly job instead of computing it per request.",
  "Keep prices in integer cents everywhere; format only at the edges.",
  "Freeze the public API for the spring release; only additive changes.",
  "Adopt vitest for new tests and migrate the old ones as they are touched.",
  "Use the staging database for load tests, never production.",
];
const tasks = [
  "fix tax rounding in src/services/pricing.ts",
  "write the runbook section in docs/deployment.md",
  "add an index on orders.customer_id",
  "review the refund flow with support",
  "replace the placeholder logo in public/images",
  "document the pagination cursor in docs/api.md",
  "add tests for the inventory reservation",
];

const DAY = 86_400_000;

/** `2024-03-04` for a day `offset` days after `start`. */
export function dayAfter(start: string, offset: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
}

function nextMonday(date: string): string {
  return dayAfter(date, (8 - new Date(`${date}T00:00:00Z`).getUTCDay()) % 7);
}

function distinct<T>(rnd: Random, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) {
    const [item] = pool.splice(Math.floor(rnd() * pool.length), 1);
    if (item !== undefined) out.push(item);
  }
  return out;
}

function int(rnd: Random, lo: number, hi: number): number {
  return lo + Math.floor(rnd() * (hi - lo + 1));
}

export function drawProject(rnd: Random): Project {
  const name = pick(rnd, appNames);
  const company = pick(rnd, companies);
  const domain = `${company.toLowerCase().replace(/[^a-z]+/g, "")}.example`;
  const started = dayAfter("2024-01-08", int(rnd, 0, 20));
  const team = distinct(rnd, firstNames, 5).map((first, i): Person => {
    const last = pick(rnd, lastNames);
    return {
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@${domain}`,
      handle: `${first.toLowerCase()}${last.slice(0, 3).toLowerCase()}`,
      role: roles[i] ?? "engineer",
    };
  });
  const customers = distinct(rnd, customerFirst, 12).map((first, i): Customer => {
    const last = pick(rnd, customerLast);
    return {
      id: `C${String(1001 + i)}`,
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@mail.example`,
      city: pick(rnd, cities),
      plan: pick(rnd, ["free", "free", "pro", "business"] as const),
      signedUp: dayAfter(started, int(rnd, 5, 50)),
    };
  });
  const orders = Array.from({ length: 20 }, (_, i): Order => {
    const customer = pick(rnd, customers);
    const items = int(rnd, 1, 5);
    return {
      id: `ORD-${String(24001 + i * 7 + int(rnd, 0, 6))}`,
      customerId: customer.id,
      status: pick(rnd, statuses),
      items,
      total: Math.round((items * (12 + rnd() * 60) + rnd() * 9) * 100) / 100,
      createdAt: `${dayAfter(started, 60 + i * 6 + int(rnd, 0, 5))}T${String(int(rnd, 8, 20)).padStart(2, "0")}:${String(int(rnd, 0, 59)).padStart(2, "0")}:00Z`,
    };
  });
  const products = distinct(rnd, productNames, 8).map(
    (productName, i): Product => ({
      sku: `${productName
        .split(" ")
        .map((w) => w.slice(0, 2).toUpperCase())
        .join("")}-${String(100 + i * 11)}`,
      name: productName,
      price: int(rnd, 9, 89) + pick(rnd, [0, 0.5, 0.95, 0.99]),
      stock: pick(rnd, [0, 3, 12, 25, 40, 64, 120]),
    }),
  );
  const major = 1;
  const minor = int(rnd, 4, 8);
  const patch = int(rnd, 1, 6);
  const notes = distinct(rnd, releaseNotes, 8);
  const releases = [0, 1, 2, 3].map(
    (i): Release => ({
      version: i === 0 ? `${major}.${minor}.${patch}` : `${major}.${minor + 1 - i}.0`,
      date: dayAfter(started, 300 - i * 55 - int(rnd, 0, 10)),
      notes: notes.slice(i * 2, i * 2 + 2),
    }),
  );
  const meetingDays = [150, 157].map((d) => nextMonday(dayAfter(started, d)));
  const meetings = meetingDays.map(
    (date): Meeting => ({
      date,
      attendees: distinct(rnd, team, 4),
      decisions: distinct(rnd, decisions, 2),
      actions: distinct(rnd, tasks, 3).map((task) => ({ owner: pick(rnd, team), task })),
    }),
  );
  return {
    name,
    title: name.charAt(0).toUpperCase() + name.slice(1),
    company,
    domain,
    version: `${major}.${minor}.${patch}`,
    port: pick(rnd, [3000, 3000, 4000, 8080]),
    taxRate: pick(rnd, [0.06, 0.0725, 0.08, 0.0875]),
    freeShippingOver: pick(rnd, [50, 75, 100]),
    team,
    customers,
    orders,
    products,
    releases,
    meetings,
    started,
  };
}
