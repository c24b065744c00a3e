/**
 * @module
 * Idempotency keys: claimed for a run in the transaction that stores it, completed with the response once it is sent.
 */
import { and, eq, lt, lte } from "drizzle-orm";
import type { Db } from "../database.js";
import { idempotencyKeys, runs } from "../schema.js";
import type { IdempotencyRecord, RunClaim, StoredResponse } from "../records.js";

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
    // The foreign key deletes a claim with its run, so an unanswered row always has one.
    if (row.runId === null || row.runStatus === null) return null;
    return { state: "pending", requestHash: row.requestHash, runId: row.runId, runStatus: row.runStatus };
  }

  /**
   * Claims the key for a run, with no response yet; called inside the transaction that creates the run. An expired
   * row is taken over. False when a live row holds the key already: another request claimed it first.
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
          setWhere: lte(idempotencyKeys.expiresAt, now),
        })
        .run().changes > 0
    );
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
