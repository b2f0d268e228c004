// Every JSON request body goes through the strict reader (core/base/json-input.ts) once, before any
// route sees it: too deep, 1e400 or a `__proto__` key is a 400 with the reader's code and path.
// Routes' Zod validators then get the value already read instead of a second, unchecked parse.
import type { MiddlewareHandler } from "hono";
import { readJson } from "../core/base/json-input";
import { unwrap } from "../core/base/result";
import type { AppBindings } from "./env";

/** The media types Hono's JSON validator parses (hono/validator), so exactly those are checked. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export interface StrictJsonBodyOptions {
  /** The size backstop; the per-route body limits run before and are smaller. */
  maxBytes: number;
  /** Routes that read their body themselves and answer failures in their own protocol (MCP). */
  skip?: (path: string) => boolean;
}

export function strictJsonBody(options: StrictJsonBodyOptions): MiddlewareHandler<AppBindings> {
  return async function strictJsonBodyMiddleware(c, next) {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
    if (!JSON_MEDIA_TYPE.test(mediaType) || options.skip?.(c.req.path)) return next();
    const text = await c.req.text();
    // An empty body is the route's to judge (optional bodies, the validator's own error).
    if (text.trim() === "") return next();
    const value = unwrap(readJson(text, { maxBytes: options.maxBytes }));
    // Hono's `json()` re-parses the cached text with JSON.parse; answer with the checked value.
    // defineProperty because `json` is a generic method no plain function type satisfies.
    Object.defineProperty(c.req, "json", { value: () => Promise.resolve(value) });
    return next();
  };
}
