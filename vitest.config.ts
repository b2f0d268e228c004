// Two projects: `workers` runs integration tests inside workerd (D1, DOs, Queues, R2 for real);
// `unit` runs the pure `core/` tests in Node.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import type {} from "./test/global-setup/scripted-llm";
import type {} from "./test/global-setup/scripted-policy";
import type {} from "./test/global-setup/source-server";

// The D1 catalog migrations, handed to the tests as a binding and applied in a setup file.
const migrations = await readD1Migrations("./migrations");
/** The bootstrap admin key inside the workerd tests (test/integration/support reads it from env). */
const TEST_ADMIN_KEY = "aw_admin_test-only-key-for-workerd-integration-tests";

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: migrations,
                AGENT_WORLD_ADMIN_KEY: TEST_ADMIN_KEY,
                AGENT_WORLD_SECRETS_KEY: "test-only-secrets-key-for-workerd-integration-tests",
                // Tests fetch sources from a real local HTTP server (test/global-setup).
                SOURCE_SERVER_ORIGIN: inject("sourceServerOrigin"),
                SOURCE_FETCH_TIMEOUT_MS: "1500",
                SOURCE_MAX_BYTES: "1000000",
                // The LLM steps talk to a scripted OpenAI-compatible server (test/global-setup).
                LLM_BASE_URL: inject("llmBaseUrl"),
                LLM_MODEL: "scripted-model",
                // Rollout policies talk to a scripted OpenAI-compatible agent (test/global-setup).
                POLICY_SERVER_ORIGIN: inject("policyServerOrigin"),
              },
              // Low request rates for test/integration/rate-limits.test.ts alone: it hands them to the
              // Worker in place of API_RATE_LIMIT / TOOL_CALL_RATE_LIMIT, whose real limits (wrangler.toml)
              // no other test file comes near.
              ratelimits: {
                TEST_API_RATE_LIMIT: { namespace_id: "9001", simple: { limit: 5, period: 60 } },
                TEST_TOOL_CALL_RATE_LIMIT: {
                  namespace_id: "9002",
                  simple: { limit: 8, period: 60 },
                },
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/integration/**/*.test.ts"],
          // Publishing runs every tool's tests in a Durable Object: under a second on a quiet
          // machine, several on a loaded one; the limit is for hangs.
          testTimeout: 60_000,
          setupFiles: ["./test/integration/setup/apply-migrations.ts"],
          globalSetup: [
            "./test/global-setup/source-server.ts",
            "./test/global-setup/scripted-llm.ts",
            "./test/global-setup/scripted-policy.ts",
          ],
        },
      },
      {
        // Synthesis tests replay hundreds of solutions in the sandbox: seconds when the machine is
        // quiet, several times that on a shared CI machine, so the limit catches hangs, not load.
        test: {
          name: "unit",
          environment: "node",
          include: ["test/unit/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        // Pages in a real headless Chromium against a real `wrangler dev` (npm run test:pages).
        test: {
          name: "pages",
          environment: "node",
          include: ["test/pages/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
