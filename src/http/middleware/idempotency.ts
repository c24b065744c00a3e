/**
 * @module
 * The `Idempotency-Key` middleware (SPEC §2). A request holds its key in the database before it does anything (so a
 * second request with the key, on any replica, is answered `409 idempotency_key_in_flight`); one that starts a run
 * hands the key to the run in the run's first transaction (the domain does it, from the claim this middleware hands
 * on); every request's first successful response is then stored for 24 h. The same key with the same body replays the response — or, when the process
 * stopped before one was stored, the run as it is stored now; with a different body it is a conflict.
 */
import { createHash, randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { stringify as canonicalJson } from "safe-stable-stringify";
import type { Store } from "../../db/store.js";
import { isHermesPath } from "../openai-error.js";
import { HttpError } from "../errors.js";
import type { IdempotencyClaim } from "../../domain/agent/idempotency-claim.js";
import type { AppEnv } from "../env.js";

declare module "hono" {
  interface ContextVariableMap {
    /** Set on a POST that carries an `Idempotency-Key`; routes that start runs hand it to the domain. */
    idempotencyClaim: IdempotencyClaim | undefined;
  }
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired keys are swept at most this often, on a request that stores a new one. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Response headers worth replaying; the rest (dates, ids of the first request) are not. */
const REPLAYED_HEADERS = ["content-type", "location", "x-hermes-session-id", "x-hermes-session-key"];
/**
 * How long a request holds its key before another may take it over: long enough for any request that starts no run
 * (a compression calls a model), short enough that a process killed mid-request does not block the key for a day.
 * A request that starts a run hands the key to the run, which holds it for the full TTL.
 */
const HOLD_LEASE_MS = 5 * 60 * 1000;
/** Seconds a client told `409 idempotency_key_in_flight` should wait before retrying. */
const KEY_IN_FLIGHT_RETRY_AFTER_S = 1;

/** The answer while another request holds the same Idempotency-Key and has not finished. */
function keyInFlight(): HttpError {
  return new HttpError(
    "idempotency_key_in_flight",
    "a request with this Idempotency-Key is still being processed; retry when it finishes",
    { headers: { "Retry-After": String(KEY_IN_FLIGHT_RETRY_AFTER_S) } },
  );
}

/**
 * The request body's fingerprint: its canonical JSON (keys sorted, no whitespace), so a retry that sends
 * the same body with its keys in another order or other spacing is the same request. A body that is not
 * JSON (the route will refuse it) is fingerprinted as sent.
 */
function fingerprint(body: string): string {
  let canonical = body;
  try {
    canonical = canonicalJson(JSON.parse(body)) ?? body;
  } catch {
    /* not JSON: the text as sent */
  }
  return createHash("sha256").update(canonical).digest("hex");
}

export type IdempotencyOptions = {
  /** The status a replayed answer that names a run (a Hermes run's `run_id` and `status`) reports: the run's now. */
  runStatus?: (runId: string) => Promise<string | null>;
};

/**
 * An answer that says whether it is a replay (a Hermes run's `replayed`) says so when it is replayed, and one that
 * names a run's status says the run's status now, as Hermes answers a replayed submission.
 */
async function replayedBody(body: string, options: IdempotencyOptions): Promise<string> {
  if (!body.includes('"replayed":false')) return body;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed !== "object" || parsed === null) return body;
    const answer = parsed as { replayed?: unknown; run_id?: unknown; status?: unknown };
    if (answer.replayed !== false) return body;
    const status =
      typeof answer.run_id === "string" && typeof answer.status === "string" && options.runStatus
        ? ((await options.runStatus(answer.run_id)) ?? answer.status)
        : answer.status;
    return JSON.stringify({ ...parsed, ...(status === undefined ? {} : { status }), replayed: true });
  } catch {
    /* not JSON: replayed as stored */
  }
  return body;
}

/**
 * `Idempotency-Key` on POST. Streams are not stored: a retry of a streamed run is answered from the run's rows.
 */
export function idempotency(
  repository: Store["idempotency"],
  now: () => number,
  options: IdempotencyOptions = {},
): MiddlewareHandler<AppEnv> {
  const inFlight = new Set<string>();
  let lastPurge = now();
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      // The Hermes routes name this refusal as Hermes does; ours keep the validation code every other field has.
      const code = isHermesPath(c.req.path) ? "invalid_idempotency_key" : "validation_failed";
      throw new HttpError(code, "Idempotency-Key must be 1–255 visible ASCII characters", {
        errors: [{ location: "header.idempotency-key", message: "1–255 visible ASCII characters" }],
      });
    }
    const scope = `${c.get("principal") ?? "-"} POST ${c.req.path}`;
    const requestHash = fingerprint(await c.req.text());
    const flightKey = `${scope}\n${key}`;
    // Held before the row is read, not after: a first request that ends while the read is under way has stored its
    // response before letting go, so the read sees it, and one that is still running is seen as in flight.
    const alreadyHeld = inFlight.has(flightKey);
    if (!alreadyHeld) inFlight.add(flightKey);
    let holder: string | null = null;
    let answered = false;
    try {
      let stored = await repository.find(scope, key, now());
      const priorRunId = stored?.state === "pending" ? stored.runId : null;
      if (!stored && !alreadyHeld) {
        // Held in the database before the work starts: a request with the same key on another replica (or one that
        // raced this one to the read) finds it held and is told so, instead of doing the work a second time.
        holder = randomUUID();
        if (!(await repository.hold({ scope, key, requestHash, holder }, now(), HOLD_LEASE_MS))) {
          holder = null;
          stored = await repository.find(scope, key, now());
          if (!stored) throw keyInFlight();
        }
      }
      if (stored && stored.requestHash !== requestHash) {
        throw new HttpError(
          "idempotency_key_conflict",
          "this Idempotency-Key was already used with a different request body; use a new key",
        );
      }
      if (stored?.state === "answered") {
        const { response } = stored;
        return new Response(await replayedBody(response.body, options), {
          status: response.status,
          headers: { ...response.headers, "Idempotency-Replayed": "true" },
        });
      }
      // A run still `running` is in flight too: a stream whose handler has returned, or another process's request.
      if (alreadyHeld || stored?.state === "held" || (stored?.state === "pending" && stored.runStatus === "running"))
        throw keyInFlight();
      c.set("idempotencyClaim", {
        scope,
        key,
        requestHash,
        ttlMs: IDEMPOTENCY_TTL_MS,
        priorRunId,
        holder,
        heldElsewhere: keyInFlight,
      });
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
        await repository.save(
          scope,
          key,
          { requestHash, status: res.status, headers, body: text },
          savedAt,
          IDEMPOTENCY_TTL_MS,
        );
        answered = true;
        if (savedAt - lastPurge >= PURGE_INTERVAL_MS) {
          lastPurge = savedAt;
          await repository.purgeExpired(savedAt);
        }
      }
      // The route answered with the run the key's first request stored, failed runs included. Set after the clone
      // above: @hono/node-server's Response rebuilds its headers from the constructor's on first body access.
      if (priorRunId) c.res.headers.set("Idempotency-Replayed", "true");
    } finally {
      if (!alreadyHeld) inFlight.delete(flightKey);
      // A request that failed (or streams, and started no run) lets go of the key: a retry does the work.
      if (holder && !answered) await repository.release(scope, key, holder).catch(() => undefined);
    }
  };
}
