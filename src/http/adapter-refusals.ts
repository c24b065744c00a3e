/**
 * @module adapter-refusals
 *
 * Requests the Node adapter (node-adapter.ts) let through only so the app could refuse them with a
 * proper problem+json: a Host or path node-server cannot build a URL from. The adapter records the
 * reason against the Node request, which reaches the app as its bindings (`c.env.incoming`); a client
 * cannot forge the mark, and in-process requests (`app.request`) never carry one.
 */
import type { MiddlewareHandler } from "hono";
import { HttpError } from "./errors.js";
import type { AppEnv } from "./env.js";

/** Why a request is refused: the problem's detail and the one failing field. */
export type AdapterRefusal = { detail: string; location: string; message: string };

const refusals = new WeakMap<object, AdapterRefusal>();

export function recordAdapterRefusal(incoming: object, refusal: AdapterRefusal): void {
  refusals.set(incoming, refusal);
}

function refusalOf(env: unknown): AdapterRefusal | undefined {
  if (typeof env !== "object" || env === null || !("incoming" in env)) return undefined;
  const incoming = env.incoming;
  return typeof incoming === "object" && incoming !== null ? refusals.get(incoming) : undefined;
}

/** Answers a request the adapter marked with `400 validation_failed`; runs before any other check. */
export function adapterRefusals(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refusal = refusalOf(c.env);
    if (refusal) {
      throw new HttpError("validation_failed", refusal.detail, {
        errors: [{ location: refusal.location, message: refusal.message }],
      });
    }
    return next();
  };
}
