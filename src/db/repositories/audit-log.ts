/**
 * @module audit-log
 * The `audit_log` table: entries written as they happen, listed newest first by id (ids sort by time) with the
 * filters of GET /v1/admin/audit, and deleted once older than the retention.
 */
import { desc, lt } from "drizzle-orm";
import type { Db } from "../database.js";
import { PreparedInsert } from "../prepared-inserts.js";
import { auditLog } from "../schema.js";
import type { AuditQuery, AuditRecord } from "../records.js";
import { auditConditions, auditInsertValues, auditRecordOf } from "../rows/audit-log.js";
import type { AuditRepository, Sync } from "../store.js";

export class SqliteAuditRepository implements Sync<AuditRepository> {
  /** Every run started writes an entry; built once. */
  private readonly insertRow: PreparedInsert<typeof auditLog>;

  constructor(private readonly db: Db) {
    this.insertRow = new PreparedInsert(db, auditLog);
  }

  insert(records: AuditRecord[]): void {
    if (records.length === 1) this.insertRow.run(auditInsertValues(records[0]));
    else if (records.length > 1) this.db.insert(auditLog).values(records.map(auditInsertValues)).run();
  }

  list(query: AuditQuery): AuditRecord[] {
    return this.db
      .select()
      .from(auditLog)
      .where(auditConditions(auditLog, query))
      .orderBy(desc(auditLog.id))
      .limit(query.limit)
      .all()
      .map(auditRecordOf);
  }

  deleteBefore(time: number): number {
    return this.db.delete(auditLog).where(lt(auditLog.createdAt, time)).run().changes;
  }
}
