/**
 * @module events
 * The `events` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row.
 */
import type { events } from "../schema.js";
import type { StoredEvent } from "../records.js";

type Row = typeof events.$inferSelect;

/** The record of a row. */
export function storedEventOf(row: Row): StoredEvent {
  return {
    id: row.id,
    session_id: row.sessionId,
    type: row.type,
    data: JSON.parse(row.dataJson) as unknown,
    created_at: row.createdAt,
  };
}
