/**
 * @module approval-grants
 * The `approval_grants` table on PostgreSQL (see ../../repositories/approval-grants.ts).
 */
import { and, desc, eq } from "drizzle-orm";
import type { ApprovalGrantRecord, OwnerFilter } from "../../records.js";
import type { ApprovalGrantRepository } from "../../store.js";
import { approvalGrantInsertValues, approvalGrantRecordOf, grantMatching } from "../../rows/approval-grants.js";
import { ownedBy } from "../../rows/owner-filter.js";
import type { PgConnection } from "../connection.js";
import { approvalGrants } from "../schema.js";

export class PgApprovalGrantRepository implements ApprovalGrantRepository {
  constructor(private readonly conn: PgConnection) {}

  async add(grant: ApprovalGrantRecord): Promise<ApprovalGrantRecord> {
    const [row] = await this.conn.exec.insert(approvalGrants).values(approvalGrantInsertValues(grant)).returning();
    return approvalGrantRecordOf(row);
  }

  async matching(sessionId: string, matchKeys: string[], owner?: string | null): Promise<ApprovalGrantRecord | null> {
    if (matchKeys.length === 0) return null;
    const [row] = await this.conn.exec
      .select()
      .from(approvalGrants)
      .where(grantMatching(approvalGrants, sessionId, matchKeys, owner))
      .limit(1);
    return row ? approvalGrantRecordOf(row) : null;
  }

  async list(scope: "session" | "always", owner?: OwnerFilter): Promise<ApprovalGrantRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(approvalGrants)
      .where(and(eq(approvalGrants.scope, scope), ownedBy(approvalGrants.owner, owner)))
      .orderBy(desc(approvalGrants.createdAt), desc(approvalGrants.id));
    return rows.map(approvalGrantRecordOf);
  }

  async get(id: string): Promise<ApprovalGrantRecord | null> {
    const [row] = await this.conn.exec.select().from(approvalGrants).where(eq(approvalGrants.id, id));
    return row ? approvalGrantRecordOf(row) : null;
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.conn.exec.delete(approvalGrants).where(eq(approvalGrants.id, id));
    return (result.rowCount ?? 0) > 0;
  }
}
