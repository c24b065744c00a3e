import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { IdempotencyRepository } from "../db/repositories/idempotency.js";
import { AppError } from "../domain/errors.js";
import type { AppEnv } from "./env.js";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired keys are swept at most this often, on a request that stores a new one. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Response headers worth replaying; the rest (dates, ids of the first request) are not. */
const REPLAYED_HEADERS = ["content-type", "location", "x-hermes-session-id"];

/**
 * `Idempotency-Key` on POST: the first successful response is stored for 24 h; the same key with the same
 * body replays it, with a different body it is a conflict. Streams are not stored.
 */
export function idempotency(repository: IdempotencyRepository, now: () => number): MiddlewareHandler<AppEnv> {
  const inFlight = new Set<string>();
  let lastPurge = now();
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new AppError("validation_failed", "Idempotency-Key must be 1–255 visible ASCII characters", {
        errors: [{ location: "header.idempotency-key", message: "1–255 visible ASCII characters" }],
      });
    }
    const scope = `${c.get("principal") ?? "-"} POST ${c.req.path}`;
    const body = await c.req.text();
    const requestHash = createHash("sha256").update(body).digest("hex");
    const stored = repository.find(scope, key, now());
    if (stored) {
      if (stored.requestHash !== requestHash) {
        throw new AppError("idempotency_key_conflict", "this Idempotency-Key was already used with a different request body; use a new key");
      }
      return new Response(stored.body, { status: stored.status, headers: { ...stored.headers, "Idempotency-Replayed": "true" } });
    }
    const flightKey = `${scope}\n${key}`;
    if (inFlight.has(flightKey)) {
      throw new AppError("idempotency_key_in_flight", "a request with this Idempotency-Key is still being processed; retry when it finishes", {
        headers: { "Retry-After": "1" },
      });
    }
    inFlight.add(flightKey);
    try {
      await next();
      const res = c.res;
      const type = res.headers.get("content-type") ?? "";
      if (res.status >= 200 && res.status < 300 && !type.includes("text/event-stream")) {
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = res.headers.get(name);
          if (value) headers[name] = value;
        }
        const text = await res.clone().text();
        const savedAt = now();
        repository.save(scope, key, { requestHash, status: res.status, headers, body: text }, savedAt, IDEMPOTENCY_TTL_MS);
        if (savedAt - lastPurge >= PURGE_INTERVAL_MS) {
          lastPurge = savedAt;
          repository.purgeExpired(savedAt);
        }
      }
    } finally {
      inFlight.delete(flightKey);
    }
  };
}
