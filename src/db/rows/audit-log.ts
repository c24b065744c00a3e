/**
 * @module audit-log
 * The `audit_log` table's rows as both stores write and read them: the record of a row, a new entry's values, and
 * the conditions of a query.
 */
import { and, eq, gte, lt, type AnyColumn, type SQL } from "drizzle-orm";
import type { auditLog } from "../schema.js";
import type { AuditQuery, AuditRecord } from "../records.js";

type Row = typeof auditLog.$inferSelect;
type Insert = typeof auditLog.$inferInsert;

export function auditRecordOf(row: Row): AuditRecord {
  return {
    id: row.id,
    created_at: row.createdAt,
    action: row.action,
    key_id: row.keyId,
    owner: row.owner,
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    status: row.status,
    request_id: row.requestId,
    detail: JSON.parse(row.detailJson) as Record<string, unknown>,
  };
}

export function auditInsertValues(record: AuditRecord): Insert {
  return {
    id: record.id,
    createdAt: record.created_at,
    action: record.action,
    keyId: record.key_id,
    owner: record.owner,
    resourceType: record.resource_type,
    resourceId: record.resource_id,
    status: record.status,
    requestId: record.request_id,
    detailJson: JSON.stringify(record.detail),
  };
}

/** The columns a query reads, the same in either dialect's table. */
type AuditColumns = { id: AnyColumn; keyId: AnyColumn; action: AnyColumn; createdAt: AnyColumn };

/** The entries a query asks for: before the cursor's id, of a key, of an action, in [from, to). */
export function auditConditions(t: AuditColumns, query: AuditQuery): SQL | undefined {
  return and(
    query.before_id === null ? undefined : lt(t.id, query.before_id),
    query.key_id === null ? undefined : eq(t.keyId, query.key_id),
    query.action === null ? undefined : eq(t.action, query.action),
    query.from === null ? undefined : gte(t.createdAt, query.from),
    query.to === null ? undefined : lt(t.createdAt, query.to),
  );
}
