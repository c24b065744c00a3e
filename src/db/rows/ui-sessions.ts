/**
 * @module ui-sessions
 * The `ui_sessions` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row and a new sign-in's values.
 */
import type { uiSessions } from "../schema.js";
import type { UiSessionRecord } from "../records.js";

type Row = typeof uiSessions.$inferSelect;
type Insert = typeof uiSessions.$inferInsert;

/** A new sign-in. */
export function uiSessionInsertValues(record: UiSessionRecord): Insert {
  return {
    tokenHash: record.token_hash,
    csrfToken: record.csrf_token,
    keyHash: record.key_hash,
    createdAt: record.created_at,
    expiresAt: record.expires_at,
    keyId: record.key_id ?? null,
  };
}

/** The record of a row. */
export function uiSessionRecordOf(row: Row): UiSessionRecord {
  return {
    token_hash: row.tokenHash,
    csrf_token: row.csrfToken,
    key_hash: row.keyHash,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    // Absent for the server key's sign-ins, as their records were before API keys existed.
    ...(row.keyId === null ? {} : { key_id: row.keyId }),
  };
}
