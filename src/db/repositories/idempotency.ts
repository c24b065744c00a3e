import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../database.js";
import { idempotencyKeys } from "../schema.js";

export type StoredResponse = {
  requestHash: string;
  status: number;
  headers: Record<string, string>;
  body: string;
};

export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  find(scope: string, key: string, now: number): StoredResponse | null {
    const row = this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .get();
    if (!row || row.expiresAt <= now) return null;
    return {
      requestHash: row.requestHash,
      status: row.status,
      headers: JSON.parse(row.headersJson) as Record<string, string>,
      body: row.body,
    };
  }

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
