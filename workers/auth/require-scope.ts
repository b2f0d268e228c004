// Middleware: the request must carry an API key (`Authorization: Bearer` or `X-API-Key`) that has
// `scope`. Sets `c.var.auth`; a request already authenticated upstream is not verified twice.
// Authenticating is also where the key's request rate is counted, so each request counts once.
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../core/base/errors";
import type { AppBindings, AuthContext, Scope } from "../env";
import { enforceRateLimit } from "../limits/rate-limit";
import { type VerifyOptions, verifyApiKey } from "./verify-key";

export type RequireScopeOptions = VerifyOptions;

export function requireScope(
  scope: Scope,
  options: RequireScopeOptions = {},
): MiddlewareHandler<AppBindings> {
  return async function requireScopeMiddleware(c, next) {
    const auth = c.var.auth ?? (await authenticate(c, options));
    c.set("auth", auth);
    if (!auth.scopes.includes(scope)) {
      throw new AppError("forbidden", `This API key lacks the \`${scope}\` scope.`, {
        required: scope,
        scopes: auth.scopes,
      });
    }
    await next();
  };
}

async function authenticate(
  c: Context<AppBindings>,
  options: RequireScopeOptions,
): Promise<AuthContext> {
  const auth = await verifyApiKey(c.env, presentedKey(c), options);
  await enforceRateLimit(c.env, auth, c.req.raw);
  return auth;
}

function presentedKey(c: Context<AppBindings>): string {
  const authorization = c.req.header("Authorization");
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return match[1];
    throw new AppError("unauthorized", "The Authorization header must be `Bearer <api key>`.");
  }
  const header = c.req.header("X-API-Key")?.trim();
  if (header) return header;
  throw new AppError(
    "unauthorized",
    "An API key is required: send `Authorization: Bearer <key>` or `X-API-Key: <key>`.",
  );
}
