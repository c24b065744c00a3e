/**
 * @module private-values
 * The `private_values` table's rows as both stores write and read them (the same columns in each dialect): the record
 * of a row and a new value's columns.
 */
import type { privateValues } from "../schema.js";
import type { PrivateValueRecord } from "../records.js";

type Row = typeof privateValues.$inferSelect;
type Insert = typeof privateValues.$inferInsert;

export function privateValueRecordOf(row: Row): PrivateValueRecord {
  return {
    id: row.id,
    session_id: row.sessionId,
    value: row.value,
    origins: JSON.parse(row.originsJson) as string[],
    source: row.source,
    created_at: row.createdAt,
  };
}

export function privateValueInsertValues(value: PrivateValueRecord): Insert {
  return {
    id: value.id,
    sessionId: value.session_id,
    value: value.value,
    originsJson: JSON.stringify(value.origins),
    source: value.source,
    createdAt: value.created_at,
  };
}
