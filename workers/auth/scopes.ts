// The scopes a key can carry, as a Zod enum kept in step with the `Scope` type of workers/env.ts.
import { z } from "@hono/zod-openapi";
import type { Scope } from "../env";

export const ALL_SCOPES = [
  "episodes",
  "catalog:write",
  "admin",
] as const satisfies readonly Scope[];

// Fails to compile if `Scope` gains a member that ALL_SCOPES does not list.
const everyScopeListed: Exclude<Scope, (typeof ALL_SCOPES)[number]> extends never ? true : false =
  true;
void everyScopeListed;

export const ScopeSchema = z.enum(ALL_SCOPES).openapi({
  description:
    "`episodes`: create episodes and call tools; `catalog:write`: publish environments; `admin`: manage keys",
});
