/**
 * @module summaries
 * The `summaries` table: every version of a session's compression summary, with the seq range it covers and the
 * tokens before and after; the latest one is what the next compression builds on.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { summaries } from "../schema.js";
import type { NewSummary, SummaryRecord } from "../records.js";

type Row = typeof summaries.$inferSelect;

/** The record of a row; the PostgreSQL repository reads its rows (the same columns) with it too. */
export function summaryRecordOf(row: Row): SummaryRecord {
  return {
    id: row.id,
    session_id: row.sessionId,
    version: row.version,
    body: row.body,
    covers: { from_seq: row.fromSeq, to_seq: row.toSeq },
    tokens_before: row.tokensBefore,
    tokens_after: row.tokensAfter,
    model: row.model,
    focus_topic: row.focusTopic,
    fallback_used: row.fallbackUsed,
    message_id: row.messageId,
    created_at: row.createdAt,
  };
}

export class SummaryRepository {
  /** Read by every GET /context of a compressed session; built once. */
  private readonly latestBySession;

  constructor(private readonly db: Db) {
    this.latestBySession = db
      .select()
      .from(summaries)
      .where(eq(summaries.sessionId, sql.placeholder("sessionId")))
      .orderBy(desc(summaries.version))
      .limit(1)
      .prepare();
  }

  latest(sessionId: string): SummaryRecord | null {
    const row = this.latestBySession.get({ sessionId });
    return row ? summaryRecordOf(row) : null;
  }

  list(sessionId: string): SummaryRecord[] {
    return this.db
      .select()
      .from(summaries)
      .where(eq(summaries.sessionId, sessionId))
      .orderBy(asc(summaries.version))
      .all()
      .map(summaryRecordOf);
  }

  insert(sessionId: string, summary: NewSummary): SummaryRecord {
    const row = this.db
      .insert(summaries)
      .values({
        id: summary.id,
        sessionId,
        version: summary.version,
        body: summary.body,
        fromSeq: summary.covers.from_seq,
        toSeq: summary.covers.to_seq,
        tokensBefore: summary.tokens_before,
        tokensAfter: summary.tokens_after,
        model: summary.model,
        focusTopic: summary.focus_topic,
        fallbackUsed: summary.fallback_used,
        messageId: summary.message_id,
        createdAt: summary.created_at,
      })
      .returning()
      .get();
    return summaryRecordOf(row);
  }
}
