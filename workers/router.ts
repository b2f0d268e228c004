// Every API sub-app is made here so all routes share one validation-error shape.
import { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../core/base/errors";
import type { AppBindings } from "./env";

export function createRouter(): OpenAPIHono<AppBindings> {
  return new OpenAPIHono<AppBindings>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new AppError("validation_failed", "The request does not match the schema.", {
          issues: result.error.issues.map((issue) => ({
            path: issue.path.map(String).join("."),
            message: issue.message,
          })),
        });
      }
    },
  });
}
