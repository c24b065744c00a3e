/**
 * @module ui-sessions
 * The inspector's sign-ins, by the hash of their cookie token: stored, found while unexpired, deleted on sign-out,
 * and swept once expired.
 */
import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../database.js";
import type { UiSessionRecord } from "../records.js";
import { uiSessions } from "../schema.js";

export class UiSessionRepository {
  constructor(private readonly db: Db) {}

  insert(record: UiSessionRecord): void {
    this.db
      .insert(uiSessions)
      .values({
        tokenHash: record.token_hash,
        csrfToken: record.csrf_token,
        keyHash: record.key_hash,
        createdAt: record.created_at,
        expiresAt: record.expires_at,
      })
      .run();
  }

  /** The sign-in with this token hash, if it has not expired. */
  find(tokenHash: string, now: number): UiSessionRecord | null {
    const row = this.db
      .select()
      .from(uiSessions)
      .where(and(eq(uiSessions.tokenHash, tokenHash), gt(uiSessions.expiresAt, now)))
      .get();
    if (!row) return null;
    return {
      token_hash: row.tokenHash,
      csrf_token: row.csrfToken,
      key_hash: row.keyHash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    };
  }

  delete(tokenHash: string): void {
    this.db.delete(uiSessions).where(eq(uiSessions.tokenHash, tokenHash)).run();
  }

  deleteExpired(now: number): number {
    return this.db.delete(uiSessions).where(lte(uiSessions.expiresAt, now)).run().changes;
  }
}
