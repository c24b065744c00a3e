/**
 * @module body-hook
 * The validation hook of the session bodies (create and update), used instead of the router's default hook.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../../http/env.js";
import { bodyLocation } from "../../http/errors.js";
import { issuesToFieldErrors, validationFailed } from "../../http/router.js";

/** What the validator hands its hook; on a failure it also passes the raw input as `data` (@hono/zod-validator's Hook). */
type ValidationResult<T> = { target: string } & ({ success: true; data: T } | { success: false; error: z.ZodError });

/**
 * The schema knows the shape, the lengths and the keys no session may set; only the running server knows which CDP
 * hosts it allows and which engines it has. A body that fails its schema gets both lists in one answer, so the
 * client fixes everything at once (the checks on the server's configuration run again in the service when the
 * schema passes).
 */
export function sessionBodyHook<T>(result: ValidationResult<T>, c: Context<AppEnv>): undefined {
  if (result.success) return undefined;
  const errors = issuesToFieldErrors(result.target, result.error);
  if (result.target === "json") {
    const body = (result as { data?: unknown }).data;
    const config = typeof body === "object" && body !== null ? (body as Record<string, unknown>).config : undefined;
    const failed = new Set(errors.map((e) => e.location));
    errors.push(
      ...c
        .get("services")
        .sessions.configProblems(config)
        .map((issue) => ({ location: bodyLocation(issue.path), message: issue.message }))
        .filter((e) => !failed.has(e.location)),
    );
  }
  throw validationFailed(errors);
}
