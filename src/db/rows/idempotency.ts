/**
 * @module idempotency
 * The `idempotency_keys` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): what a key holds as read with its run's status, the values a run's claim,
 * a request's hold and an answer write, and the conditions that decide who may take a row over.
 */
import { and, eq, isNull, lte, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { idempotencyKeys } from "../schema.js";
import type { IdempotencyRecord, KeyHold, RunClaim, RunRecord, StoredResponse } from "../records.js";

type Insert = typeof idempotencyKeys.$inferInsert;
type KeyColumns = Record<
  "scope" | "key" | "requestHash" | "status" | "headersJson" | "body" | "expiresAt" | "runId" | "holder",
  AnyColumn
>;

/** A key's columns with the status of the run it claimed, of either dialect's tables. */
export function keyColumns<K extends KeyColumns, R extends { status: AnyColumn }>(keys: K, runs: R) {
  return {
    requestHash: keys.requestHash as K["requestHash"],
    status: keys.status as K["status"],
    headersJson: keys.headersJson as K["headersJson"],
    body: keys.body as K["body"],
    expiresAt: keys.expiresAt as K["expiresAt"],
    runId: keys.runId as K["runId"],
    runStatus: runs.status as R["status"],
  };
}

/** What a key holds, as read with those columns at `now`; null when it is expired or its run is gone. */
export function keyRecordOf(
  row: {
    requestHash: string;
    status: number | null;
    headersJson: string | null;
    body: string | null;
    expiresAt: number;
    runId: string | null;
    runStatus: RunRecord["status"] | null;
  },
  now: number,
): IdempotencyRecord | null {
  if (row.expiresAt <= now) return null;
  if (row.status !== null) {
    const response = {
      requestHash: row.requestHash,
      status: row.status,
      headers: JSON.parse(row.headersJson ?? "{}") as Record<string, string>,
      body: row.body ?? "",
    };
    return { state: "answered", requestHash: row.requestHash, response };
  }
  if (row.runId === null) return { state: "held", requestHash: row.requestHash };
  // The foreign key deletes a claim with its run, so a run id always names a run.
  if (row.runStatus === null) return null;
  return { state: "pending", requestHash: row.requestHash, runId: row.runId, runStatus: row.runStatus };
}

/** The key of one scope. */
export function keyIs(keys: KeyColumns, scope: string, key: string): SQL | undefined {
  return and(eq(keys.scope, scope), eq(keys.key, key));
}

/** A run's claim on the key, with no response yet, for `ttlMs`. */
export function claimValues(claim: RunClaim, now: number, ttlMs: number): Insert {
  return { ...claim, status: null, headersJson: null, body: null, createdAt: now, expiresAt: now + ttlMs };
}

/** The row a run may take over: an expired one, or the hold of the request that starts it. */
export function runMayTakeOver(keys: KeyColumns, holder: string | null, now: number): SQL | undefined {
  const expired = lte(keys.expiresAt, now);
  if (holder === null) return expired;
  return or(expired, and(eq(keys.holder, holder), isNull(keys.runId)));
}

/** A request's hold on the key, for `leaseMs`: no run, no response. */
export function holdValues(hold: KeyHold, now: number, leaseMs: number): Insert {
  return {
    ...hold,
    runId: null,
    status: null,
    headersJson: null,
    body: null,
    createdAt: now,
    expiresAt: now + leaseMs,
  };
}

/** The request's own hold, unanswered and without a run. */
export function heldBy(keys: KeyColumns, scope: string, key: string, holder: string): SQL | undefined {
  return and(keyIs(keys, scope, key), eq(keys.holder, holder), isNull(keys.runId), isNull(keys.status));
}

/** The response a key answered with, kept for `ttlMs`. */
export function answerValues(scope: string, key: string, response: StoredResponse, now: number, ttlMs: number) {
  return {
    scope,
    key,
    requestHash: response.requestHash,
    status: response.status,
    headersJson: JSON.stringify(response.headers),
    body: response.body,
    createdAt: now,
    expiresAt: now + ttlMs,
  } satisfies Insert;
}
