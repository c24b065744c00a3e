/**
 * @module summaries
 * The `summaries` table on PostgreSQL, as the SQLite repository (../../repositories/summaries.ts) keeps it: every
 * version of a session's compression summary; the latest one is what the next compression builds on.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { SummaryRepository } from "../../store.js";
import type { NewSummary, SummaryRecord } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { summaries } from "../schema.js";
import { summaryInsertValues, summaryRecordOf } from "../../rows/summaries.js";

export class PgSummaryRepository implements SummaryRepository {
  constructor(private readonly conn: PgConnection) {}

  async latest(sessionId: string): Promise<SummaryRecord | null> {
    const [row] = await this.conn.exec
      .select()
      .from(summaries)
      .where(eq(summaries.sessionId, sessionId))
      .orderBy(desc(summaries.version))
      .limit(1);
    return row ? summaryRecordOf(row) : null;
  }

  async list(sessionId: string): Promise<SummaryRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(summaries)
      .where(eq(summaries.sessionId, sessionId))
      .orderBy(asc(summaries.version));
    return rows.map(summaryRecordOf);
  }

  async insert(sessionId: string, summary: NewSummary): Promise<SummaryRecord> {
    const [row] = await this.conn.exec.insert(summaries).values(summaryInsertValues(sessionId, summary)).returning();
    return summaryRecordOf(row);
  }

  /** The tokens the session's compressions took out of its context, summed over every summary stored. */
  async savedTokens(sessionId: string): Promise<number> {
    const [row] = await this.conn.exec
      .select({
        saved: sql<number>`coalesce(sum(${summaries.tokensBefore} - ${summaries.tokensAfter}), 0)`.mapWith(Number),
      })
      .from(summaries)
      .where(eq(summaries.sessionId, sessionId));
    return Math.max(0, row?.saved ?? 0);
  }
}
