/**
 * @module router
 * The OpenAPI router every resource builds its routes on, with the default validation hook: a request that fails
 * its schema is one problem+json listing every failing field by location (`body.…`, `query.…`, `path.…`).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
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
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw validationFailed(issuesToFieldErrors(result.target, result.error));
      }
    },
  });
}
