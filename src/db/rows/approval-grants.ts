/**
 * @module approval-grants
 * The `approval_grants` table's rows as both stores write and read them (the same columns in each dialect): the
 * record of a row and a new grant's values.
 */
import { and, eq, inArray, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { approvalGrants } from "../schema.js";
import type { ApprovalGrantRecord } from "../records.js";
import { ownedBy } from "./owner-filter.js";

type Row = typeof approvalGrants.$inferSelect;
type Insert = typeof approvalGrants.$inferInsert;

export function approvalGrantRecordOf(row: Row): ApprovalGrantRecord {
  return {
    id: row.id,
    scope: row.scope,
    session_id: row.sessionId,
    tool: row.tool,
    match_key: row.matchKey,
    added_by: row.addedBy,
    interrupt_id: row.interruptId,
    created_at: row.createdAt,
    // Absent for the server key's grants, as their records were before owners existed.
    ...(row.owner === null ? {} : { owner: row.owner }),
  };
}

export function approvalGrantInsertValues(grant: ApprovalGrantRecord): Insert {
  return {
    id: grant.id,
    scope: grant.scope,
    sessionId: grant.session_id,
    tool: grant.tool,
    matchKey: grant.match_key,
    addedBy: grant.added_by,
    interruptId: grant.interrupt_id,
    createdAt: grant.created_at,
    owner: grant.owner ?? null,
  };
}

/** The columns the match reads, the same in either dialect's table. */
type GrantColumns = { matchKey: AnyColumn; scope: AnyColumn; sessionId: AnyColumn; owner: AnyColumn };

/**
 * The grants that approve a call with one of these keys in this session: the allowlist's (of the session's owner, when
 * `owner` is given), or the session's own.
 */
export function grantMatching(
  t: GrantColumns,
  sessionId: string,
  matchKeys: string[],
  owner?: string | null,
): SQL | undefined {
  const allowlist =
    owner === undefined ? eq(t.scope, "always") : and(eq(t.scope, "always"), ownedBy(t.owner, { owner }));
  return and(inArray(t.matchKey, matchKeys), or(allowlist, and(eq(t.scope, "session"), eq(t.sessionId, sessionId))));
}
