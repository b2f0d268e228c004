// drizzle-kit settings for the D1 catalog: `npm run db:generate` writes SQL migrations that both
// `wrangler d1 migrations apply` and the workerd tests (readD1Migrations) apply.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./workers/catalog/schema.ts",
  out: "./migrations",
});
