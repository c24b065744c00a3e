/**
 * @module ui-sessions
 * The inspector's sign-ins on PostgreSQL, as the SQLite repository (../../repositories/ui-sessions.ts) keeps them:
 * by the hash of their cookie token, found while unexpired, deleted on sign-out, swept once expired.
 */
import { and, eq, gt, lte } from "drizzle-orm";
import type { UiSessionRepository } from "../../repositories/ui-sessions.js";
import type { UiSessionRecord } from "../../records.js";
import type { Async } from "../../store.js";
import type { PgConnection } from "../connection.js";
import { uiSessions } from "../schema.js";

export class PgUiSessionRepository implements Async<UiSessionRepository> {
  constructor(private readonly conn: PgConnection) {}

  async insert(record: UiSessionRecord): Promise<void> {
    await this.conn.exec.insert(uiSessions).values({
      tokenHash: record.token_hash,
      csrfToken: record.csrf_token,
      keyHash: record.key_hash,
      createdAt: record.created_at,
      expiresAt: record.expires_at,
    });
  }

  /** The sign-in with this token hash, if it has not expired. */
  async find(tokenHash: string, now: number): Promise<UiSessionRecord | null> {
    const [row] = await this.conn.exec
      .select()
      .from(uiSessions)
      .where(and(eq(uiSessions.tokenHash, tokenHash), gt(uiSessions.expiresAt, now)));
    if (!row) return null;
    return {
      token_hash: row.tokenHash,
      csrf_token: row.csrfToken,
      key_hash: row.keyHash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    };
  }

  async delete(tokenHash: string): Promise<void> {
    await this.conn.exec.delete(uiSessions).where(eq(uiSessions.tokenHash, tokenHash));
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.conn.exec.delete(uiSessions).where(lte(uiSessions.expiresAt, now));
    return result.rowCount ?? 0;
  }
}
