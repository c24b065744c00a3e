/**
 * @module key-rate
 * A key's `requests_per_minute`: each request of a key with that limit is counted (by this replica) once it is
 * authenticated; past the limit it is answered 429 `rate_limited` with `Retry-After` and when the minute resets.
 */
import type { MiddlewareHandler } from "hono";
import type { RequestRate } from "../../domain/keys/request-rate.js";
import type { AppEnv } from "../env.js";

export function keyRate(rate: RequestRate, now: () => number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get("caller") as AppEnv["Variables"]["caller"] | undefined;
    const limit = caller?.limits?.requests_per_minute;
    if (caller?.key_id && limit !== undefined) rate.take(caller.key_id, limit, now());
    await next();
  };
}
