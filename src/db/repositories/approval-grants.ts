/**
 * @module approval-grants
 * The `approval_grants` table: standing approvals — a tool approved for the rest of a session, or for every session
 * (the allowlist) — found by the keys a call matches in one indexed read.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../database.js";
import { approvalGrants } from "../schema.js";
import { approvalGrantInsertValues, approvalGrantRecordOf, grantMatching } from "../rows/approval-grants.js";
import { ownedBy } from "../rows/owner-filter.js";
import type { ApprovalGrantRecord, OwnerFilter } from "../records.js";
import type { ApprovalGrantRepository, Sync } from "../store.js";

export class SqliteApprovalGrantRepository implements Sync<ApprovalGrantRepository> {
  constructor(private readonly db: Db) {}

  add(grant: ApprovalGrantRecord): ApprovalGrantRecord {
    return approvalGrantRecordOf(
      this.db.insert(approvalGrants).values(approvalGrantInsertValues(grant)).returning().get(),
    );
  }

  matching(sessionId: string, matchKeys: string[], owner?: string | null): ApprovalGrantRecord | null {
    if (matchKeys.length === 0) return null;
    const row = this.db
      .select()
      .from(approvalGrants)
      .where(grantMatching(approvalGrants, sessionId, matchKeys, owner))
      .limit(1)
      .get();
    return row ? approvalGrantRecordOf(row) : null;
  }

  list(scope: "session" | "always", owner?: OwnerFilter): ApprovalGrantRecord[] {
    return this.db
      .select()
      .from(approvalGrants)
      .where(and(eq(approvalGrants.scope, scope), ownedBy(approvalGrants.owner, owner)))
      .orderBy(desc(approvalGrants.createdAt), desc(approvalGrants.id))
      .all()
      .map(approvalGrantRecordOf);
  }

  get(id: string): ApprovalGrantRecord | null {
    const row = this.db.select().from(approvalGrants).where(eq(approvalGrants.id, id)).get();
    return row ? approvalGrantRecordOf(row) : null;
  }

  remove(id: string): boolean {
    return this.db.delete(approvalGrants).where(eq(approvalGrants.id, id)).run().changes > 0;
  }
}
