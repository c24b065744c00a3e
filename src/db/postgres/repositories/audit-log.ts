/**
 * @module audit-log
 * The `audit_log` table on PostgreSQL, as the SQLite repository (../../repositories/audit-log.ts) keeps it.
 */
import { desc, lt } from "drizzle-orm";
import type { AuditQuery, AuditRecord } from "../../records.js";
import { auditConditions, auditInsertValues, auditRecordOf } from "../../rows/audit-log.js";
import type { AuditRepository } from "../../store.js";
import type { PgConnection } from "../connection.js";
import { NamedInsert } from "../named-statements.js";
import { auditLog } from "../schema.js";

/** Every run started writes an entry. */
const INSERT_ENTRY = new NamedInsert("insert_audit", auditLog);

export class PgAuditRepository implements AuditRepository {
  constructor(private readonly conn: PgConnection) {}

  async insert(records: AuditRecord[]): Promise<void> {
    if (records.length === 1)
      await this.conn.query(INSERT_ENTRY.statement, INSERT_ENTRY.values(auditInsertValues(records[0])));
    else if (records.length > 1) await this.conn.exec.insert(auditLog).values(records.map(auditInsertValues));
  }

  async list(query: AuditQuery): Promise<AuditRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(auditLog)
      .where(auditConditions(auditLog, query))
      .orderBy(desc(auditLog.id))
      .limit(query.limit);
    return rows.map(auditRecordOf);
  }

  async deleteBefore(time: number): Promise<number> {
    const result = await this.conn.exec.delete(auditLog).where(lt(auditLog.createdAt, time));
    return result.rowCount ?? 0;
  }
}
