// The seeded `harbor-web` repository: the React dispatch dashboard (TypeScript), with its history on
// main (a README that still carries a typo), thirteen issues and five pull requests.
import type { RepoPlan } from "./plan";

const README = `# harbor-web

The dispatch dashboard dispatchers use to follow orders in real time.

## Development

\`\`\`sh
npm install
npm start
\`\`\`

The dashboard talks to harbor-api; set \`VITE_API_URL\` to point it somewhere else.
Dispatchers recieve a notification when an order is delayed.
`;

const APP = `import { OrderList } from "./components/OrderList";
import { useOrders } from "./api";

export function App() {
  const { orders, loading } = useOrders();
  return (
    <main>
      <h1>Dispatch</h1>
      {loading ? <p>Loading orders...</p> : <OrderList orders={orders} />}
    </main>
  );
}
`;

const ORDER_LIST = `import type { Order } from "../api";

export function OrderList({ orders }: { orders: Order[] }) {
  if (orders.length === 0) return <p>No orders yet.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Order</th>
          <th>Customer</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td>{order.id}</td>
            <td>{order.customer}</td>
            <td>{order.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
`;

const API = `import { useEffect, useState } from "react";

export interface Order {
  id: number;
  customer: string;
  status: "pending" | "shipped" | "delivered";
}

const API_URL = import.meta.env.VITE_API_URL ?? "http://localhost:8080";

export function useOrders() {
  const [orders, setOrders] = useState<Order[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    fetch(\`\${API_URL}/orders\`)
      .then((res) => res.json())
      .then((rows: Order[]) => setOrders(rows))
      .finally(() => setLoading(false));
  }, []);
  return { orders, loading };
}
`;

const PACKAGE = `{
  "name": "harbor-web",
  "version": "0.9.2",
  "private": true,
  "scripts": {
    "start": "vite",
    "build": "vite build"
  },
  "dependencies": {
    "react": "^18.2.0",
    "react-dom": "^18.2.0"
  },
  "devDependencies": {
    "vite": "^5.0.10"
  }
}
`;

export const HARBOR_WEB: RepoPlan = {
  name: "harbor-web",
  description: "Dispatch dashboard built with React",
  language: "TypeScript",
  createdAt: "2024-09-10T08:00:00Z",
  milestones: [
    {
      title: "Dashboard beta",
      description: "Everything dispatchers need for the beta",
      state: "open",
      dueOn: "2025-01-15T00:00:00Z",
    },
  ],
  history: [
    {
      at: "2024-09-10T08:30:00Z",
      by: "emma",
      message: "Scaffold the dispatch dashboard",
      changes: [
        { path: "README.md", content: README },
        { path: "package.json", content: PACKAGE },
        { path: "src/App.tsx", content: APP },
        { path: "src/api.ts", content: API },
        { path: "src/components/OrderList.tsx", content: ORDER_LIST },
      ],
    },
    {
      at: "2024-10-01T13:10:00Z",
      by: "sofia",
      message: "Show a friendlier empty state",
      changes: [
        {
          path: "src/components/OrderList.tsx",
          from: "<p>No orders yet.</p>",
          to: "<p>No orders yet. New orders appear here as soon as they are booked.</p>",
        },
      ],
    },
    {
      at: "2024-11-05T09:45:00Z",
      by: "yuki",
      message: "Abort the orders request when the dashboard unmounts",
      changes: [
        {
          path: "src/api.ts",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: text of a seeded source file, not a template
          from: "  useEffect(() => {\n    fetch(`${API_URL}/orders`)",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: text of a seeded source file, not a template
          to: "  useEffect(() => {\n    const controller = new AbortController();\n    fetch(`${API_URL}/orders`, { signal: controller.signal })",
        },
        {
          path: "src/api.ts",
          from: "      .finally(() => setLoading(false));\n  }, []);",
          to: "      .finally(() => setLoading(false));\n    return () => controller.abort();\n  }, []);",
        },
      ],
    },
  ],
  issues: [
    {
      title: "Typo in README: recieve",
      body: 'The last line of the README says dispatchers "recieve" a notification. Should be "receive".',
      by: "omar",
      at: "2024-09-18T10:00:00Z",
      labels: ["documentation", "good first issue"],
      assignees: [],
    },
    {
      title: "Order table is not keyboard accessible",
      body: "Rows cannot be focused, so keyboard users cannot open an order. Rows should be links or buttons.",
      by: "sofia",
      at: "2024-09-25T14:30:00Z",
      labels: ["bug"],
      assignees: ["sofia"],
      milestone: "Dashboard beta",
    },
    {
      title: "Dark mode for the night shift",
      body: "Dispatchers on the night shift asked for a dark theme; the white table is blinding at 3 AM.",
      by: "emma",
      at: "2024-10-03T09:20:00Z",
      labels: ["enhancement"],
      assignees: [],
      comments: [
        {
          by: "yuki",
          at: "2024-10-03T11:00:00Z",
          body: "We could follow prefers-color-scheme first and add a toggle later.",
        },
        { by: "emma", at: "2024-10-04T08:45:00Z", body: "Agreed, system setting first." },
      ],
    },
    {
      title: "Dashboard freezes with 5,000 orders",
      body: "Rendering every row at once takes seconds on the dispatch laptops. We need virtualised rows or pagination.",
      by: "yuki",
      at: "2024-10-11T16:05:00Z",
      labels: ["performance"],
      assignees: ["yuki"],
      milestone: "Dashboard beta",
    },
    {
      title: "Orders request is never cancelled",
      body: "Navigating away while orders load logs a React warning about state updates on an unmounted component.",
      by: "grace",
      at: "2024-10-22T10:40:00Z",
      closedAt: "2024-11-05T09:50:00Z",
      labels: ["bug"],
      assignees: ["yuki"],
    },
    {
      title: "Status column should use colour badges",
      body: "Pending, shipped and delivered all look the same. Small coloured badges would make the table scannable.",
      by: "emma",
      at: "2024-10-29T12:00:00Z",
      labels: ["enhancement", "good first issue"],
      assignees: [],
    },
    {
      title: "Show an error when the API is unreachable",
      body: "If harbor-api is down the dashboard shows an empty table forever. It should say that orders could not be loaded and offer a retry.",
      by: "marcus",
      at: "2024-11-07T09:30:00Z",
      labels: ["bug"],
      assignees: [],
      milestone: "Dashboard beta",
    },
    {
      title: "Add a search box for customers",
      body: "Dispatchers want to type a customer name and filter the table.",
      by: "priya",
      at: "2024-11-13T15:15:00Z",
      labels: ["enhancement"],
      assignees: ["sofia"],
    },
    {
      title: "Upgrade Vite to 5.4",
      body: "Vite 5.4 speeds up cold starts noticeably for us.",
      by: "daniel",
      at: "2024-11-19T08:10:00Z",
      closedAt: "2024-11-28T10:00:00Z",
      labels: ["dependencies"],
      assignees: ["daniel"],
    },
    {
      title: "Timestamps are shown in UTC",
      body: "Dispatchers in Rotterdam see UTC times and have to do the math. Use the browser's time zone.",
      by: "noah",
      at: "2024-11-27T07:50:00Z",
      labels: ["bug", "help wanted"],
      assignees: [],
    },
    {
      title: "Document the VITE_API_URL setting",
      body: "The README mentions VITE_API_URL only in passing. Add a configuration section with an example .env file.",
      by: "omar",
      at: "2024-12-04T10:35:00Z",
      labels: ["documentation"],
      assignees: ["omar"],
    },
    {
      title: "Question: should the dashboard poll or use server-sent events?",
      body: "Polling every 10 seconds is simple but wasteful. Do we want SSE from harbor-api?",
      by: "yuki",
      at: "2024-12-11T13:25:00Z",
      labels: ["question"],
      assignees: [],
      comments: [
        {
          by: "marcus",
          at: "2024-12-11T15:00:00Z",
          body: "SSE once webhooks land in the API; polling until then.",
        },
      ],
    },
    {
      title: "Logo is blurry on high-density screens",
      body: "The header logo is a 1x PNG. Please switch to the SVG from the brand kit.",
      by: "emma",
      at: "2024-12-16T09:05:00Z",
      closedAt: "2024-12-20T09:00:00Z",
      labels: ["bug", "good first issue"],
      assignees: ["emma"],
    },
  ],
  pulls: [
    {
      title: "Cancel the orders request on unmount",
      body: "Uses an AbortController in useOrders.\n\nFixes #{Orders request is never cancelled}",
      by: "yuki",
      at: "2024-11-04T15:00:00Z",
      branch: "abort-orders-request",
      commits: [
        {
          at: "2024-11-04T14:55:00Z",
          by: "yuki",
          message: "Abort the fetch in the effect cleanup",
          changes: [
            {
              path: "src/api.ts",
              from: "      .finally(() => setLoading(false));\n  }, []);",
              to: "      .finally(() => setLoading(false));\n    return () => undefined;\n  }, []);",
            },
          ],
        },
      ],
      state: "closed",
      closedAt: "2024-11-05T09:40:00Z",
      labels: ["bug"],
      assignees: ["yuki"],
      comments: [
        {
          by: "yuki",
          at: "2024-11-05T09:39:00Z",
          body: "Superseded by a direct commit on main with the full fix.",
        },
      ],
    },
    {
      title: "Colour badges for order status",
      body: "Adds a StatusBadge component with one colour per status.",
      by: "emma",
      at: "2024-11-08T10:00:00Z",
      branch: "status-badges",
      commits: [
        {
          at: "2024-11-08T09:50:00Z",
          by: "emma",
          message: "Add StatusBadge",
          changes: [
            {
              path: "src/components/StatusBadge.tsx",
              content:
                'const COLORS = { pending: "#f59e0b", shipped: "#3b82f6", delivered: "#10b981" } as const;\n\nexport function StatusBadge({ status }: { status: keyof typeof COLORS }) {\n  return <span style={{ background: COLORS[status], borderRadius: 4, padding: "0 6px" }}>{status}</span>;\n}\n',
            },
            {
              path: "src/components/OrderList.tsx",
              from: "            <td>{order.status}</td>",
              to: "            <td>\n              <StatusBadge status={order.status} />\n            </td>",
            },
            {
              path: "src/components/OrderList.tsx",
              from: 'import type { Order } from "../api";',
              to: 'import type { Order } from "../api";\nimport { StatusBadge } from "./StatusBadge";',
            },
          ],
        },
      ],
      state: "merged",
      closedAt: "2024-11-12T14:00:00Z",
      mergedBy: "sofia",
      labels: ["enhancement"],
      assignees: ["emma"],
      reviews: [
        {
          by: "sofia",
          at: "2024-11-12T13:30:00Z",
          state: "APPROVED",
          body: "Lovely, and the contrast passes AA.",
        },
      ],
      checks: { "ci/build": "success" },
    },
    {
      title: "Show an error banner when orders fail to load",
      body: "Adds an error state to useOrders and a retry button.\n\nFixes #{Show an error when the API is unreachable}",
      by: "sofia",
      at: "2024-12-05T11:00:00Z",
      branch: "orders-error-banner",
      commits: [
        {
          at: "2024-12-05T10:45:00Z",
          by: "sofia",
          message: "Keep the load error in useOrders",
          changes: [
            {
              path: "src/api.ts",
              from: "  const [loading, setLoading] = useState(true);",
              to: "  const [loading, setLoading] = useState(true);\n  const [error, setError] = useState<string | null>(null);",
            },
            {
              path: "src/api.ts",
              from: "      .then((rows: Order[]) => setOrders(rows))",
              to: '      .then((rows: Order[]) => setOrders(rows))\n      .catch(() => setError("Orders could not be loaded."))',
            },
            {
              path: "src/api.ts",
              from: "  return { orders, loading };",
              to: "  return { orders, loading, error };",
            },
          ],
        },
        {
          at: "2024-12-05T10:58:00Z",
          by: "sofia",
          message: "Render the error banner",
          changes: [
            {
              path: "src/App.tsx",
              from: "  const { orders, loading } = useOrders();",
              to: '  const { orders, loading, error } = useOrders();\n  if (error) return <p role="alert">{error}</p>;',
            },
          ],
        },
      ],
      state: "open",
      labels: ["bug"],
      assignees: ["sofia"],
      reviews: [
        {
          by: "emma",
          at: "2024-12-06T09:00:00Z",
          state: "APPROVED",
          body: "Works nicely when I stop the API locally.",
        },
        {
          by: "yuki",
          at: "2024-12-06T10:30:00Z",
          state: "COMMENTED",
          body: "Non-blocking: a retry button would be nice in a follow-up.",
        },
      ],
      checks: { "ci/build": "success" },
    },
    {
      title: "Virtualise the order table",
      body: "Renders only the visible rows. Work in progress: scrolling jumps on Safari.",
      by: "yuki",
      at: "2024-12-12T09:00:00Z",
      branch: "virtual-rows",
      draft: true,
      commits: [
        {
          at: "2024-12-12T08:50:00Z",
          by: "yuki",
          message: "Render a window of rows",
          changes: [
            {
              path: "src/components/OrderList.tsx",
              from: "        {orders.map((order) => (",
              to: "        {orders.slice(0, 200).map((order) => (",
            },
          ],
        },
      ],
      state: "open",
      labels: ["performance"],
      assignees: ["yuki"],
      checks: { "ci/build": "failure" },
    },
    {
      title: "Use the browser time zone for timestamps",
      body: "Formats times with Intl.DateTimeFormat and the browser's zone.",
      by: "noah",
      at: "2024-12-17T14:00:00Z",
      branch: "local-time-zone",
      commits: [
        {
          at: "2024-12-17T13:45:00Z",
          by: "noah",
          message: "Add a time formatting helper",
          changes: [
            {
              path: "src/time.ts",
              content:
                'const format = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "short" });\n\nexport function localTime(iso: string): string {\n  return format.format(new Date(iso));\n}\n',
            },
          ],
        },
      ],
      state: "open",
      labels: ["bug"],
      assignees: ["noah"],
      reviews: [
        {
          by: "sofia",
          at: "2024-12-18T08:30:00Z",
          state: "CHANGES_REQUESTED",
          body: "The helper is not used anywhere yet. Please apply it in the table.",
        },
      ],
      checks: { "ci/build": "success" },
    },
  ],
};
