/**
 * @module
 * Idempotency keys: held by the request that carries one while it runs, claimed for a run in the transaction that
 * stores it, completed with the response once it is sent (rows: ../rows/idempotency.ts).
 */
import { eq, lt, lte } from "drizzle-orm";
import type { Db } from "../database.js";
import { idempotencyKeys, runs } from "../schema.js";
import type { IdempotencyRecord, KeyHold, RunClaim, StoredResponse } from "../records.js";
import * as keys from "../rows/idempotency.js";
import type { IdempotencyRepository, Sync } from "../store.js";

const target = [idempotencyKeys.scope, idempotencyKeys.key];

export class SqliteIdempotencyRepository implements Sync<IdempotencyRepository> {
  constructor(private readonly db: Db) {}

  find(scope: string, key: string, now: number): IdempotencyRecord | null {
    const row = this.db
      .select(keys.keyColumns(idempotencyKeys, runs))
      .from(idempotencyKeys)
      .leftJoin(runs, eq(runs.id, idempotencyKeys.runId))
      .where(keys.keyIs(idempotencyKeys, scope, key))
      .get();
    return row ? keys.keyRecordOf(row, now) : null;
  }

  claimForRun(claim: RunClaim, now: number, ttlMs: number): boolean {
    const values = keys.claimValues(claim, now, ttlMs);
    const setWhere = keys.runMayTakeOver(idempotencyKeys, claim.holder ?? null, now);
    const insert = this.db.insert(idempotencyKeys).values(values);
    return insert.onConflictDoUpdate({ target, set: values, setWhere }).run().changes > 0;
  }

  hold(hold: KeyHold, now: number, leaseMs: number): boolean {
    const values = keys.holdValues(hold, now, leaseMs);
    const setWhere = lte(idempotencyKeys.expiresAt, now);
    const insert = this.db.insert(idempotencyKeys).values(values);
    return insert.onConflictDoUpdate({ target, set: values, setWhere }).run().changes > 0;
  }

  release(scope: string, key: string, holder: string): void {
    this.db
      .delete(idempotencyKeys)
      .where(keys.heldBy(idempotencyKeys, scope, key, holder))
      .run();
  }

  save(scope: string, key: string, response: StoredResponse, now: number, ttlMs: number): void {
    const values = keys.answerValues(scope, key, response, now, ttlMs);
    this.db.insert(idempotencyKeys).values(values).onConflictDoUpdate({ target, set: values }).run();
  }

  purgeExpired(now: number): number {
    return this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).run().changes;
  }
}
