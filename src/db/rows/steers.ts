/**
 * @module steers
 * The `run_steers` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row and a new steering message's values.
 */
import type { runSteers } from "../schema.js";
import type { SteerRecord } from "../records.js";

type Row = typeof runSteers.$inferSelect;
type Insert = typeof runSteers.$inferInsert;

/** The record of a row. */
export function steerRecordOf(row: Row): SteerRecord {
  return {
    id: row.id,
    run_id: row.runId,
    session_id: row.sessionId,
    content: row.content,
    created_at: row.createdAt,
    taken_seq: row.takenSeq,
  };
}

/** A steering message not yet taken in. */
export function steerInsertValues(steer: Omit<SteerRecord, "taken_seq">): Insert {
  return {
    id: steer.id,
    runId: steer.run_id,
    sessionId: steer.session_id,
    content: steer.content,
    createdAt: steer.created_at,
  };
}
