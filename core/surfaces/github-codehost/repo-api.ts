// The seeded `harbor-api` repository: a small TypeScript HTTP service for shipment orders, with its
// history on main, fourteen issues and six pull requests (merged, open and mergeable, open with a
// conflict against main, a draft, one closed without merging) and their reviews and checks.
import type { RepoPlan } from "./plan";

const README = `# harbor-api

The order-tracking API behind Harborlight's dispatch tools.

## Running locally

\`\`\`sh
npm install
npm run dev
\`\`\`

The server listens on port 8080 and reads its database URL from \`DATABASE_URL\`.

## Endpoints

- \`GET /orders\` lists orders, newest first
- \`GET /orders/:id\` returns one order
- \`POST /orders\` creates an order
`;

const SERVER = `import { createServer } from "node:http";
import { routeOrders } from "./routes/orders";
import { checkToken } from "./auth";

const PORT = Number(process.env.PORT ?? 8080);

export const server = createServer(async (req, res) => {
  if (!checkToken(req.headers.authorization)) {
    res.writeHead(401).end();
    return;
  }
  if (req.url?.startsWith("/orders")) {
    await routeOrders(req, res);
    return;
  }
  res.writeHead(404).end();
});

server.listen(PORT, () => {
  console.log(\`harbor-api listening on \${PORT}\`);
});
`;

const ORDERS = `import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "../db";

const PAGE_SIZE = 50;

export async function routeOrders(req: IncomingMessage, res: ServerResponse) {
  if (req.method === "GET" && req.url === "/orders") {
    const rows = await db.query("SELECT * FROM orders ORDER BY created_at DESC LIMIT $1", [PAGE_SIZE]);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rows));
    return;
  }
  const match = /^\\/orders\\/(\\d+)$/.exec(req.url ?? "");
  if (req.method === "GET" && match) {
    const rows = await db.query("SELECT * FROM orders WHERE id = $1", [match[1]]);
    res.writeHead(rows.length ? 200 : 404, { "content-type": "application/json" }).end(JSON.stringify(rows[0] ?? null));
    return;
  }
  res.writeHead(405).end();
}
`;

const DB = `import { Pool } from "pg";

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

export const db = {
  async query(sql: string, params: unknown[] = []) {
    const result = await pool.query(sql, params);
    return result.rows;
  },
};
`;

const AUTH = `const TOKENS = new Set((process.env.API_TOKENS ?? "").split(","));

export function checkToken(header: string | undefined): boolean {
  if (!header) return false;
  const token = header.replace("Bearer ", "");
  return TOKENS.has(token);
}
`;

const PACKAGE = `{
  "name": "harbor-api",
  "version": "1.3.0",
  "private": true,
  "scripts": {
    "dev": "tsx watch src/server.ts",
    "test": "vitest run"
  },
  "dependencies": {
    "pg": "^8.11.3"
  },
  "devDependencies": {
    "tsx": "^4.7.0",
    "typescript": "^5.3.3",
    "vitest": "^1.2.0"
  }
}
`;

export const HARBOR_API: RepoPlan = {
  name: "harbor-api",
  description: "Order-tracking HTTP API for Harborlight dispatch",
  language: "TypeScript",
  createdAt: "2024-09-02T09:00:00Z",
  milestones: [
    {
      title: "v1.3",
      description: "Order pagination and auth cleanup",
      state: "closed",
      dueOn: "2024-10-31T00:00:00Z",
    },
    {
      title: "v1.4",
      description: "Webhooks and rate limiting",
      state: "open",
      dueOn: "2025-01-31T00:00:00Z",
    },
  ],
  history: [
    {
      at: "2024-09-02T09:14:00Z",
      by: "priya",
      message: "Initial commit",
      changes: [
        { path: "README.md", content: README },
        { path: "package.json", content: PACKAGE },
        { path: "src/server.ts", content: SERVER },
        { path: "src/db.ts", content: DB },
        { path: "src/auth.ts", content: AUTH },
        { path: "src/routes/orders.ts", content: ORDERS },
      ],
    },
    {
      at: "2024-09-20T15:32:00Z",
      by: "marcus",
      message: "Return 404 with an empty body for unknown routes",
      changes: [
        {
          path: "src/server.ts",
          from: "res.writeHead(404).end();",
          to: 'res.writeHead(404, { "content-type": "application/json" }).end("{}");',
        },
      ],
    },
    {
      at: "2024-10-08T11:05:00Z",
      by: "aisha",
      message: "Reject empty bearer tokens",
      changes: [
        {
          path: "src/auth.ts",
          from: "  return TOKENS.has(token);",
          to: '  if (token === "") return false;\n  return TOKENS.has(token);',
        },
      ],
    },
    {
      at: "2024-11-18T10:40:00Z",
      by: "priya",
      message: "Raise the connection pool to 20",
      changes: [{ path: "src/db.ts", from: "max: 10", to: "max: 20" }],
    },
  ],
  issues: [
    {
      title: "Orders list ignores the page query parameter",
      body: "`GET /orders?page=2` returns the same 50 orders as page 1. The handler compares `req.url` to `/orders` exactly, so any query string falls through to 405.",
      by: "sofia",
      at: "2024-09-24T08:12:00Z",
      labels: ["bug"],
      assignees: [],
      milestone: "v1.4",
      comments: [
        {
          by: "marcus",
          at: "2024-09-24T10:01:00Z",
          body: "Confirmed, anything with a query string gets a 405 today.",
        },
      ],
    },
    {
      title: "Add rate limiting per API token",
      body: "A single dispatcher script hammered the API last week. We should cap requests per token (maybe 600 per minute) and answer 429 with Retry-After.",
      by: "aisha",
      at: "2024-10-02T14:20:00Z",
      labels: ["enhancement", "security"],
      assignees: ["aisha"],
      milestone: "v1.4",
    },
    {
      title: "Crash when DATABASE_URL is missing",
      body: "Starting the server without DATABASE_URL throws an unhandled promise rejection on the first request instead of failing at startup with a clear message.",
      by: "liam",
      at: "2024-10-05T09:44:00Z",
      closedAt: "2024-10-19T16:00:00Z",
      labels: ["bug"],
      assignees: ["priya"],
      milestone: "v1.3",
    },
    {
      title: "Document the authentication header",
      body: "The README never says that every request needs `Authorization: Bearer <token>`. New integrators keep asking in chat.",
      by: "omar",
      at: "2024-10-09T12:30:00Z",
      labels: ["documentation", "good first issue"],
      assignees: [],
    },
    {
      title: "Webhook delivery for order status changes",
      body: "Partners want a callback when an order moves to shipped or delivered instead of polling. Proposal: a webhooks table and a retrying sender.",
      by: "marcus",
      at: "2024-10-14T09:05:00Z",
      labels: ["enhancement"],
      assignees: ["marcus", "noah"],
      milestone: "v1.4",
      comments: [
        {
          by: "noah",
          at: "2024-10-15T08:30:00Z",
          body: "I can take the retry queue part. Exponential backoff, max 8 attempts?",
        },
        {
          by: "marcus",
          at: "2024-10-15T09:12:00Z",
          body: "Sounds right. Let's sign payloads with HMAC too.",
        },
      ],
    },
    {
      title: "Slow order lookup on large accounts",
      body: "Order lookups take over two seconds for accounts with more than a million orders. We are missing an index on orders(account_id, created_at).",
      by: "noah",
      at: "2024-10-21T17:48:00Z",
      labels: ["performance"],
      assignees: ["priya"],
    },
    {
      title: "Timing attack on token comparison",
      body: "`TOKENS.has(token)` is fine, but the upcoming per-token secrets should be compared in constant time. Flagging before we add them.",
      by: "aisha",
      at: "2024-10-28T13:02:00Z",
      closedAt: "2024-11-04T10:00:00Z",
      labels: ["security", "question"],
      assignees: ["aisha"],
    },
    {
      title: "Return created order in POST response",
      body: "`POST /orders` answers 201 with an empty body, so clients have to fetch the order again to learn its id.",
      by: "sofia",
      at: "2024-11-01T10:15:00Z",
      labels: ["enhancement", "good first issue"],
      assignees: [],
    },
    {
      title: "Typo in README endpoint list",
      body: "The endpoint list says `GET /orders/:id` returns one order but the example response below it is missing. Also 'listens on port' should mention PORT.",
      by: "omar",
      at: "2024-11-06T09:00:00Z",
      labels: ["documentation"],
      assignees: ["omar"],
    },
    {
      title: "Connection pool exhausted during nightly import",
      body: "The nightly CSV import opens a transaction per row and exhausts the pool; API requests time out between 02:00 and 02:20.",
      by: "noah",
      at: "2024-11-12T07:55:00Z",
      closedAt: "2024-11-18T10:45:00Z",
      labels: ["bug", "performance"],
      assignees: ["priya"],
      milestone: "v1.3",
    },
    {
      title: "Health check endpoint for the load balancer",
      body: "The load balancer probes `/` and gets a 401. Add an unauthenticated `GET /healthz` that checks the database connection.",
      by: "daniel",
      at: "2024-11-20T11:11:00Z",
      labels: ["enhancement"],
      assignees: [],
    },
    {
      title: "Flaky test: orders route returns 500 under load",
      body: "The load test in CI fails about one run in ten with a 500 from `/orders`. Logs show `Client has encountered a connection error`.",
      by: "grace",
      at: "2024-11-25T15:20:00Z",
      labels: ["bug"],
      assignees: [],
      comments: [
        {
          by: "grace",
          at: "2024-11-26T09:00:00Z",
          body: "Reproduced locally with 200 concurrent requests.",
        },
      ],
    },
    {
      title: "Upgrade pg to 8.13",
      body: "pg 8.13 fixes a memory leak in the pool's idle timeout handling.",
      by: "daniel",
      at: "2024-12-02T08:40:00Z",
      labels: ["dependencies"],
      assignees: ["daniel"],
    },
    {
      title: "Orders endpoint leaks internal error messages",
      body: "When a query fails the raw Postgres error text ends up in the 500 response. We should log it and answer with a generic message.",
      by: "aisha",
      at: "2024-12-09T10:25:00Z",
      labels: ["bug", "security"],
      assignees: [],
      milestone: "v1.4",
    },
  ],
  pulls: [
    {
      title: "Fail fast when DATABASE_URL is missing",
      body: "Throw at startup with a clear message instead of failing on the first query.\n\nFixes #{Crash when DATABASE_URL is missing}",
      by: "priya",
      at: "2024-10-17T09:30:00Z",
      branch: "fail-fast-database-url",
      commits: [
        {
          at: "2024-10-17T09:28:00Z",
          by: "priya",
          message: "Throw at startup when DATABASE_URL is missing",
          changes: [
            {
              path: "src/db.ts",
              from: 'import { Pool } from "pg";\n',
              to: 'import { Pool } from "pg";\n\nif (!process.env.DATABASE_URL) {\n  throw new Error("DATABASE_URL is not set");\n}\n',
            },
          ],
        },
      ],
      state: "merged",
      closedAt: "2024-10-19T16:00:00Z",
      mergedBy: "marcus",
      labels: ["bug"],
      assignees: ["priya"],
      reviews: [
        {
          by: "marcus",
          at: "2024-10-18T11:00:00Z",
          state: "APPROVED",
          body: "Simple and clear, thanks!",
        },
      ],
      checks: { "ci/build": "success", "ci/test": "success" },
    },
    {
      title: "Support pagination on the orders list",
      body: "Parse `page` and `per_page` from the query string and use OFFSET.\n\nFixes #{Orders list ignores the page query parameter}",
      by: "marcus",
      at: "2024-11-26T14:00:00Z",
      branch: "orders-pagination",
      commits: [
        {
          at: "2024-11-26T13:50:00Z",
          by: "marcus",
          message: "Parse page from the orders query string",
          changes: [
            {
              path: "src/routes/orders.ts",
              from: '  if (req.method === "GET" && req.url === "/orders") {\n    const rows = await db.query("SELECT * FROM orders ORDER BY created_at DESC LIMIT $1", [PAGE_SIZE]);',
              to: '  const url = new URL(req.url ?? "/", "http://localhost");\n  if (req.method === "GET" && url.pathname === "/orders") {\n    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));\n    const rows = await db.query("SELECT * FROM orders ORDER BY created_at DESC LIMIT $1 OFFSET $2", [PAGE_SIZE, (page - 1) * PAGE_SIZE]);',
            },
          ],
        },
      ],
      state: "open",
      labels: ["bug"],
      assignees: ["marcus"],
      reviews: [
        {
          by: "sofia",
          at: "2024-11-27T09:15:00Z",
          state: "COMMENTED",
          body: "Looks good overall, one question inline.",
          comments: [
            {
              path: "src/routes/orders.ts",
              line: 9,
              body: "Should we cap page so OFFSET cannot get huge?",
            },
          ],
        },
      ],
      checks: { "ci/build": "success", "ci/test": "success" },
    },
    {
      title: "Add per-token rate limiting",
      body: "A fixed-window limiter keyed by token, 600 requests per minute, answering 429 with Retry-After.",
      by: "aisha",
      at: "2024-12-03T10:00:00Z",
      branch: "rate-limit-tokens",
      commits: [
        {
          at: "2024-12-03T09:40:00Z",
          by: "aisha",
          message: "Add a fixed-window rate limiter",
          changes: [
            {
              path: "src/rate-limit.ts",
              content:
                "const WINDOW_MS = 60_000;\nconst LIMIT = 600;\nconst hits = new Map<string, { start: number; count: number }>();\n\nexport function allow(token: string, now = Date.now()): boolean {\n  const entry = hits.get(token);\n  if (!entry || now - entry.start >= WINDOW_MS) {\n    hits.set(token, { start: now, count: 1 });\n    return true;\n  }\n  entry.count += 1;\n  return entry.count <= LIMIT;\n}\n",
            },
            {
              path: "src/server.ts",
              from: 'import { checkToken } from "./auth";',
              to: 'import { checkToken } from "./auth";\nimport { allow } from "./rate-limit";',
            },
          ],
        },
      ],
      state: "open",
      labels: ["enhancement", "security"],
      assignees: ["aisha"],
      reviews: [
        {
          by: "priya",
          at: "2024-12-04T08:20:00Z",
          state: "CHANGES_REQUESTED",
          body: "The limiter is never called from the server, only imported. Please wire it in before the route dispatch.",
        },
      ],
      checks: { "ci/build": "success", "ci/test": "failure" },
    },
    {
      title: "Use a smaller connection pool in tests",
      body: "Tests open twenty connections each; use five under NODE_ENV=test.",
      by: "grace",
      at: "2024-11-10T12:00:00Z",
      branch: "test-pool-size",
      commits: [
        {
          at: "2024-11-10T11:50:00Z",
          by: "grace",
          message: "Shrink the pool under test",
          changes: [
            {
              path: "src/db.ts",
              from: "max: 10",
              to: 'max: process.env.NODE_ENV === "test" ? 5 : 10',
            },
          ],
        },
      ],
      state: "open",
      labels: [],
      assignees: ["grace"],
      reviews: [{ by: "priya", at: "2024-11-11T09:00:00Z", state: "APPROVED", body: "Good idea." }],
      checks: { "ci/build": "success", "ci/test": "success" },
    },
    {
      title: "Health check endpoint",
      body: "Adds `GET /healthz` before the token check. Draft until we agree on the response body.",
      by: "daniel",
      at: "2024-12-10T16:30:00Z",
      branch: "healthz",
      draft: true,
      commits: [
        {
          at: "2024-12-10T16:20:00Z",
          by: "daniel",
          message: "Answer GET /healthz without a token",
          changes: [
            {
              path: "src/server.ts",
              from: "export const server = createServer(async (req, res) => {\n",
              to: 'export const server = createServer(async (req, res) => {\n  if (req.url === "/healthz") {\n    res.writeHead(200).end("ok");\n    return;\n  }\n',
            },
          ],
        },
      ],
      state: "open",
      labels: ["enhancement"],
      assignees: ["daniel"],
      checks: { "ci/build": "pending" },
    },
    {
      title: "Log requests as JSON lines",
      body: "Replaces console.log with a JSON logger. Closing: we will adopt the platform logger instead.",
      by: "noah",
      at: "2024-10-23T10:00:00Z",
      branch: "json-logging",
      commits: [
        {
          at: "2024-10-23T09:55:00Z",
          by: "noah",
          message: "Log the listening port as JSON",
          changes: [
            {
              path: "src/server.ts",
              // biome-ignore lint/suspicious/noTemplateCurlyInString: text of a seeded source file, not a template
              from: "  console.log(`harbor-api listening on ${PORT}`);",
              to: '  console.log(JSON.stringify({ msg: "listening", port: PORT }));',
            },
          ],
        },
      ],
      state: "closed",
      closedAt: "2024-10-30T12:00:00Z",
      labels: [],
      assignees: [],
      comments: [
        {
          by: "priya",
          at: "2024-10-30T11:58:00Z",
          body: "Closing in favour of the shared platform logger.",
        },
      ],
    },
  ],
};
