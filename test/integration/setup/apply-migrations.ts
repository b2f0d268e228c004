// Applies the D1 catalog migrations before each test file. Safe to run more than once:
// applyD1Migrations records what it applied in `d1_migrations` and skips those.
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

// TEST_MIGRATIONS is a test-only binding (vitest.config.ts), so it is not in the generated Env.
const { TEST_MIGRATIONS } = env as Env & { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.CATALOG, TEST_MIGRATIONS);
