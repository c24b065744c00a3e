/**
 * @module idempotency
 * Idempotency keys on PostgreSQL, with the rows and conditions the SQLite store uses (../../rows/idempotency.ts): a
 * hold, a run's claim and an answer are each one upsert, so two replicas writing the same key cannot both win.
 */
import { eq, lt, lte } from "drizzle-orm";
import type { IdempotencyRepository } from "../../store.js";
import type { IdempotencyRecord, KeyHold, RunClaim, StoredResponse } from "../../records.js";
import * as keys from "../../rows/idempotency.js";
import type { PgConnection } from "../connection.js";
import { idempotencyKeys, runs } from "../schema.js";

const target = [idempotencyKeys.scope, idempotencyKeys.key];

export class PgIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly conn: PgConnection) {}

  async find(scope: string, key: string, now: number): Promise<IdempotencyRecord | null> {
    const [row] = await this.conn.exec
      .select(keys.keyColumns(idempotencyKeys, runs))
      .from(idempotencyKeys)
      .leftJoin(runs, eq(runs.id, idempotencyKeys.runId))
      .where(keys.keyIs(idempotencyKeys, scope, key));
    return row ? keys.keyRecordOf(row, now) : null;
  }

  async claimForRun(claim: RunClaim, now: number, ttlMs: number): Promise<boolean> {
    const values = keys.claimValues(claim, now, ttlMs);
    const setWhere = keys.runMayTakeOver(idempotencyKeys, claim.holder ?? null, now);
    const insert = this.conn.exec.insert(idempotencyKeys).values(values);
    return ((await insert.onConflictDoUpdate({ target, set: values, setWhere })).rowCount ?? 0) > 0;
  }

  async hold(hold: KeyHold, now: number, leaseMs: number): Promise<boolean> {
    const values = keys.holdValues(hold, now, leaseMs);
    const setWhere = lte(idempotencyKeys.expiresAt, now);
    const insert = this.conn.exec.insert(idempotencyKeys).values(values);
    return ((await insert.onConflictDoUpdate({ target, set: values, setWhere })).rowCount ?? 0) > 0;
  }

  async release(scope: string, key: string, holder: string): Promise<void> {
    await this.conn.exec.delete(idempotencyKeys).where(keys.heldBy(idempotencyKeys, scope, key, holder));
  }

  async save(scope: string, key: string, response: StoredResponse, now: number, ttlMs: number): Promise<void> {
    const values = keys.answerValues(scope, key, response, now, ttlMs);
    await this.conn.exec.insert(idempotencyKeys).values(values).onConflictDoUpdate({ target, set: values });
  }

  async purgeExpired(now: number): Promise<number> {
    return (await this.conn.exec.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now))).rowCount ?? 0;
  }
}
