/**
 * @module router
 * The OpenAPI router every resource builds its routes on, with the default validation hook: a request that fails
 * its schema is one problem+json listing every failing field by location (`body.…`, `query.…`, `path.…`). Every
 * operation registered on it passes the access checks of ./route-access.ts: its scope, the owners of the resources
 * its path names, and its audit entry.
 */
import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { withAccess } from "./route-access.js";
import type { z } from "zod";
import { HttpError, type FieldError } from "./errors.js";
import type { AppEnv } from "./env.js";

const TARGET_LOCATION: Record<string, string> = {
  json: "body",
  form: "body",
  query: "query",
  param: "path",
  header: "header",
  cookie: "cookie",
};

/** The 400 for a request whose fields failed validation, every failing field listed. */
export function validationFailed(errors: FieldError[]): HttpError {
  return new HttpError(
    "validation_failed",
    `${errors.length} field(s) failed validation: ${errors.map((e) => e.location).join(", ")}`,
    { errors },
  );
}

export function issuesToFieldErrors(target: string, error: z.ZodError): FieldError[] {
  const prefix = TARGET_LOCATION[target] ?? target;
  return error.issues.map((issue) => {
    const path = issue.path.map(String);
    // Unknown keys are reported on the object; name them so the client sees which one.
    if (issue.code === "unrecognized_keys") {
      const keys = (issue as { keys?: string[] }).keys ?? [];
      return {
        location: [prefix, ...path, keys[0] ?? ""].filter(Boolean).join("."),
        message: `unknown field ${keys.join(", ")}`,
      };
    }
    return { location: [prefix, ...path].join("."), message: issue.message };
  });
}

/** Every router answers validation failures with the same problem+json shape, listing every field. */
export function createRouter(): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw validationFailed(issuesToFieldErrors(result.target, result.error));
      }
    },
  });
  const register = router.openapi;
  const guarded = (route: RouteConfig, handler: Parameters<ReturnType<typeof withAccess>["wrap"]>[0], hook?: never) => {
    const access = withAccess(route);
    return register(access.route, access.wrap(handler) as never, hook);
  };
  router.openapi = guarded as unknown as typeof router.openapi;
  return router;
}
