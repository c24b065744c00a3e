/**
 * @module responses
 * The `responses` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row and a new response's values.
 */
import type { responses } from "../schema.js";
import type { ResponseRecord } from "../records.js";

type Row = typeof responses.$inferSelect;
type Insert = typeof responses.$inferInsert;

/** The record of a row. */
export function responseRecordOf(row: Row): ResponseRecord {
  return {
    id: row.id,
    session_id: row.sessionId,
    run_id: row.runId,
    previous_response_id: row.previousResponseId,
    conversation: row.conversation,
    instructions: row.instructions,
    stored: row.stored,
    metadata: JSON.parse(row.metadataJson) as Record<string, string>,
    created_at: row.createdAt,
    deleted_at: row.deletedAt,
  };
}

/** A new response, not deleted. */
export function responseInsertValues(response: Omit<ResponseRecord, "deleted_at">): Insert {
  return {
    id: response.id,
    sessionId: response.session_id,
    runId: response.run_id,
    previousResponseId: response.previous_response_id,
    conversation: response.conversation,
    instructions: response.instructions,
    stored: response.stored,
    metadataJson: JSON.stringify(response.metadata),
    createdAt: response.created_at,
  };
}
