/**
 * @module ui-sessions
 * The inspector's sign-ins, by the hash of their cookie token: stored, found while unexpired, deleted on sign-out,
 * and swept once expired.
 */
import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../database.js";
import type { UiSessionRecord } from "../records.js";
import { uiSessions } from "../schema.js";
import { uiSessionInsertValues, uiSessionRecordOf } from "../rows/ui-sessions.js";
import type { UiSessionRepository, Sync } from "../store.js";

export class SqliteUiSessionRepository implements Sync<UiSessionRepository> {
  constructor(private readonly db: Db) {}

  insert(record: UiSessionRecord): void {
    this.db.insert(uiSessions).values(uiSessionInsertValues(record)).run();
  }

  /** The sign-in with this token hash, if it has not expired. */
  find(tokenHash: string, now: number): UiSessionRecord | null {
    const row = this.db
      .select()
      .from(uiSessions)
      .where(and(eq(uiSessions.tokenHash, tokenHash), gt(uiSessions.expiresAt, now)))
      .get();
    if (!row) return null;
    return uiSessionRecordOf(row);
  }

  delete(tokenHash: string): void {
    this.db.delete(uiSessions).where(eq(uiSessions.tokenHash, tokenHash)).run();
  }

  deleteExpired(now: number): number {
    return this.db.delete(uiSessions).where(lte(uiSessions.expiresAt, now)).run().changes;
  }
}
