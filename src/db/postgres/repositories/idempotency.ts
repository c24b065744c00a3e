/**
 * @module idempotency
 * Idempotency keys on PostgreSQL, as the SQLite repository (../../repositories/idempotency.ts) keeps them: claimed
 * for a run in the transaction that stores it (one upsert, so two replicas claiming the same key cannot both win),
 * completed with the response once it is sent.
 */
import { and, eq, lt, lte } from "drizzle-orm";
import type { IdempotencyRepository } from "../../repositories/idempotency.js";
import type { IdempotencyRecord, RunClaim, StoredResponse } from "../../records.js";
import type { Async } from "../../store.js";
import type { PgConnection } from "../connection.js";
import { idempotencyKeys, runs } from "../schema.js";

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
    // The foreign key deletes a claim with its run, so an unanswered row always has one.
    if (row.runId === null || row.runStatus === null) return null;
    return { state: "pending", requestHash: row.requestHash, runId: row.runId, runStatus: row.runStatus };
  }

  /**
   * Claims the key for a run, with no response yet; called inside the transaction that creates the run. An expired
   * row is taken over. False when a live row holds the key already: another request claimed it first.
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
        setWhere: lte(idempotencyKeys.expiresAt, now),
      });
    return (result.rowCount ?? 0) > 0;
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
