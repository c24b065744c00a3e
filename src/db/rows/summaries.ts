/**
 * @module summaries
 * The `summaries` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row and a new summary's values.
 */
import type { summaries } from "../schema.js";
import type { NewSummary, SummaryRecord } from "../records.js";

type Row = typeof summaries.$inferSelect;
type Insert = typeof summaries.$inferInsert;

/** The record of a row. */
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

/** A new summary version of the session. */
export function summaryInsertValues(sessionId: string, summary: NewSummary): Insert {
  return {
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
  };
}
