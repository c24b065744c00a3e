/**
 * @module ui-sessions
 * The inspector's sign-ins on PostgreSQL, as the SQLite repository (../../repositories/ui-sessions.ts) keeps them:
 * by the hash of their cookie token, found while unexpired, deleted on sign-out, swept once expired.
 */
import { and, eq, gt, lte } from "drizzle-orm";
import type { UiSessionRepository } from "../../store.js";
import type { UiSessionRecord } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { uiSessions } from "../schema.js";
import { uiSessionInsertValues, uiSessionRecordOf } from "../../rows/ui-sessions.js";

export class PgUiSessionRepository implements UiSessionRepository {
  constructor(private readonly conn: PgConnection) {}

  async insert(record: UiSessionRecord): Promise<void> {
    await this.conn.exec.insert(uiSessions).values(uiSessionInsertValues(record));
  }

  /** The sign-in with this token hash, if it has not expired. */
  async find(tokenHash: string, now: number): Promise<UiSessionRecord | null> {
    const [row] = await this.conn.exec
      .select()
      .from(uiSessions)
      .where(and(eq(uiSessions.tokenHash, tokenHash), gt(uiSessions.expiresAt, now)));
    if (!row) return null;
    return uiSessionRecordOf(row);
  }

  async delete(tokenHash: string): Promise<void> {
    await this.conn.exec.delete(uiSessions).where(eq(uiSessions.tokenHash, tokenHash));
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.conn.exec.delete(uiSessions).where(lte(uiSessions.expiresAt, now));
    return result.rowCount ?? 0;
  }
}
