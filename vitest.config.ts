// Two projects: `workers` runs integration tests inside workerd (D1, DOs, Queues, R2 for real);
// `unit` runs the pure `core/` tests in Node.
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.toml" } })],
        test: { name: "workers", include: ["test/integration/**/*.test.ts"] },
      },
      {
        test: { name: "unit", environment: "node", include: ["test/unit/**/*.test.ts"] },
      },
    ],
  },
});
