/**
 * @module idempotency
 * Idempotency keys on PostgreSQL, as the SQLite repository (../../repositories/idempotency.ts) keeps them: claimed
 * for a run in the transaction that stores it (one upsert, so two replicas claiming the same key cannot both win),
 * completed with the response once it is sent.
 */
import { and, eq, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import type { IdempotencyRepository } from "../../repositories/idempotency.js";
import type { IdempotencyRecord, KeyHold, RunClaim, StoredResponse } from "../../records.js";
import type { Async } from "../../store.js";
import type { PgConnection } from "../connection.js";
import { idempotencyKeys, runs } from "../schema.js";

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

export class PgIdempotencyRepository implements Async<IdempotencyRepository> {
  constructor(private readonly conn: PgConnection) {}

  async find(scope: string, key: string, now: number): Promise<IdempotencyRecord | null> {
    const [row] = await this.conn.exec
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
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
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
  async claimForRun(claim: RunClaim, now: number, ttlMs: number): Promise<boolean> {
    const values = {
      ...claim,
      status: null,
      headersJson: null,
      body: null,
      createdAt: now,
      expiresAt: now + ttlMs,
    };
    const result = await this.conn.exec
      .insert(idempotencyKeys)
      .values(values)
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: values,
        setWhere: takeOver(claim.holder ?? null, now),
      });
    return (result.rowCount ?? 0) > 0;
  }

  /**
   * Holds the key for a request while it runs, until `now + leaseMs` at most: one insert, so two requests (on any
   * replicas) holding the same key cannot both win. An expired row is taken over. False when a live row has the key.
   */
  async hold(hold: KeyHold, now: number, leaseMs: number): Promise<boolean> {
    const values = { ...hold, status: null, headersJson: null, body: null, createdAt: now, expiresAt: now + leaseMs };
    const result = await this.conn.exec
      .insert(idempotencyKeys)
      .values(values)
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { ...values, runId: null },
        setWhere: lte(idempotencyKeys.expiresAt, now),
      });
    return (result.rowCount ?? 0) > 0;
  }

  /** Lets go of a request's hold that neither answered nor started a run (it failed): a retry may do the work. */
  async release(scope: string, key: string, holder: string): Promise<void> {
    await this.conn.exec.delete(idempotencyKeys).where(held(scope, key, holder));
  }

  /** Stores the response a key answered with; a run's claim keeps its run id. */
  async save(scope: string, key: string, response: StoredResponse, now: number, ttlMs: number): Promise<void> {
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
    await this.conn.exec
      .insert(idempotencyKeys)
      .values(values)
      .onConflictDoUpdate({ target: [idempotencyKeys.scope, idempotencyKeys.key], set: values });
  }

  async purgeExpired(now: number): Promise<number> {
    const result = await this.conn.exec.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
    return result.rowCount ?? 0;
  }
}
