/**
 * @module summaries
 * The `summaries` table on PostgreSQL, as the SQLite repository (../../repositories/summaries.ts) keeps it: every
 * version of a session's compression summary; the latest one is what the next compression builds on.
 */
import { asc, desc, eq } from "drizzle-orm";
import type { SummaryRepository } from "../../store.js";
import type { NewSummary, SummaryRecord } from "../../records.js";
import { namedStatement, type PgConnection } from "../connection.js";
import { summaries } from "../schema.js";
import { summaryInsertValues, summaryRecordOf } from "../../rows/summaries.js";

/** Read for every model call of a turn (its usage row says what compression saved). */
const SAVED_TOKENS = namedStatement(
  "saved_tokens",
  "select coalesce(sum(tokens_before - tokens_after), 0)::int8 as saved from summaries where session_id = $1",
);

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
    const [row] = await this.conn.query<{ saved: unknown }>(SAVED_TOKENS, [sessionId]);
    return Math.max(0, Number(row?.saved ?? 0));
  }
}
