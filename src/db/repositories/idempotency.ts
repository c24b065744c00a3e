/**
 * @module
 * Idempotency keys: claimed for a run in the transaction that stores it, completed with the response once it is sent.
 */
import { and, eq, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../database.js";
import { idempotencyKeys, runs } from "../schema.js";
import type { IdempotencyRecord, KeyHold, RunClaim, StoredResponse } from "../records.js";

/** The row a run may take over: an expired one, or the hold of the request that starts it. */
function takeOver(holder: string | null, now: number): SQL | undefined {
  const expired = lte(idempotencyKeys.expiresAt, now);
  if (holder === null) return expired;
  return or(expired, and(eq(idempotencyKeys.holder, holder), isNull(idempotencyKeys.runId)));
}

/** The request's own hold, unanswered and without a run. */
function held(scope: string, key: string, holder: string): SQL | undefined {
  return and(
    eq(idempotencyKeys.scope, scope),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.holder, holder),
    isNull(idempotencyKeys.runId),
    isNull(idempotencyKeys.status),
  );
}

export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  find(scope: string, key: string, now: number): IdempotencyRecord | null {
    const row = this.db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        headersJson: idempotencyKeys.headersJson,
        body: idempotencyKeys.body,
        expiresAt: idempotencyKeys.expiresAt,
        runId: idempotencyKeys.runId,
        runStatus: runs.status,
      })
      .from(idempotencyKeys)
      .leftJoin(runs, eq(runs.id, idempotencyKeys.runId))
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .get();
    if (!row || row.expiresAt <= now) return null;
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

  /**
   * Claims the key for a run, with no response yet; called inside the transaction that creates the run. An expired
   * row is taken over, and so is the hold of the request that starts the run. False when a live row holds the key
   * already: another request claimed it first.
   */
  claimForRun(claim: RunClaim, now: number, ttlMs: number): boolean {
    const values = {
      ...claim,
      status: null,
      headersJson: null,
      body: null,
      createdAt: now,
      expiresAt: now + ttlMs,
    };
    return (
      this.db
        .insert(idempotencyKeys)
        .values(values)
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: values,
          setWhere: takeOver(claim.holder ?? null, now),
        })
        .run().changes > 0
    );
  }

  /**
   * Holds the key for a request while it runs, until `now + leaseMs` at most: one insert, so two requests (on any
   * process) holding the same key cannot both win. An expired row is taken over. False when a live row has the key.
   */
  hold(hold: KeyHold, now: number, leaseMs: number): boolean {
    const values = { ...hold, status: null, headersJson: null, body: null, createdAt: now, expiresAt: now + leaseMs };
    return (
      this.db
        .insert(idempotencyKeys)
        .values(values)
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: { ...values, runId: null },
          setWhere: lte(idempotencyKeys.expiresAt, now),
        })
        .run().changes > 0
    );
  }

  /** Lets go of a request's hold that neither answered nor started a run (it failed): a retry may do the work. */
  release(scope: string, key: string, holder: string): void {
    this.db
      .delete(idempotencyKeys)
      .where(held(scope, key, holder))
      .run();
  }

  /** Stores the response a key answered with; a run's claim keeps its run id. */
  save(scope: string, key: string, response: StoredResponse, now: number, ttlMs: number): void {
    const values = {
      scope,
      key,
      requestHash: response.requestHash,
      status: response.status,
      headersJson: JSON.stringify(response.headers),
      body: response.body,
      createdAt: now,
      expiresAt: now + ttlMs,
    };
    this.db
      .insert(idempotencyKeys)
      .values(values)
      .onConflictDoUpdate({ target: [idempotencyKeys.scope, idempotencyKeys.key], set: values })
      .run();
  }

  purgeExpired(now: number): number {
    return this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).run().changes;
  }
}
