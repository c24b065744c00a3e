/**
 * @module model-calls
 * The `model_calls` table on PostgreSQL, as the SQLite repository (../../repositories/model-calls.ts) keeps it: a
 * key's tokens of the day (shared by every replica, so its budget holds across them), runs' and sessions' costs, and
 * the grouped sums of a usage report.
 */
import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { ModelCallRecord, UsageGrouping, UsageQuery, UsageRow } from "../../records.js";
import { modelCallInsertValues, usageRowOf } from "../../rows/model-calls.js";
import { ownedBy } from "../../rows/owner-filter.js";
import type { ModelCallRepository } from "../../store.js";
import type { PgConnection } from "../connection.js";
import { NamedInsert } from "../named-statements.js";
import { modelCalls } from "../schema.js";

/** What a report groups by: a column, or the UTC day of the call. */
function groupOf(grouping: UsageGrouping): SQL {
  switch (grouping) {
    case "owner":
      return sql`${modelCalls.owner}`;
    case "key":
      return sql`${modelCalls.keyId}`;
    case "session":
      return sql`${modelCalls.sessionId}`;
    case "model":
      return sql`${modelCalls.model}`;
    case "purpose":
      return sql`${modelCalls.purpose}`;
    case "day":
      return sql`to_char(to_timestamp(${modelCalls.createdAt} / 1000) at time zone 'UTC', 'YYYY-MM-DD')`;
  }
}

/** Every model call is recorded. */
const INSERT_CALL = new NamedInsert("insert_model_call", modelCalls);

export class PgModelCallRepository implements ModelCallRepository {
  constructor(private readonly conn: PgConnection) {}

  async insert(record: ModelCallRecord): Promise<void> {
    await this.conn.query(INSERT_CALL.statement, INSERT_CALL.values(modelCallInsertValues(record)));
  }

  async tokensOfKeySince(keyId: string, since: number): Promise<number> {
    const [row] = await this.conn.exec
      .select({
        tokens: sql<number>`coalesce(sum(${modelCalls.inputTokens} + ${modelCalls.outputTokens}), 0)`.mapWith(Number),
      })
      .from(modelCalls)
      .where(and(eq(modelCalls.keyId, keyId), gte(modelCalls.createdAt, since)));
    return row?.tokens ?? 0;
  }

  async costOfRuns(runIds: string[]): Promise<Map<string, number>> {
    if (runIds.length === 0) return new Map();
    const rows = await this.conn.exec
      .select({ id: modelCalls.runId, cost: sql<number>`sum(${modelCalls.costUsd})`.mapWith(Number) })
      .from(modelCalls)
      .where(and(inArray(modelCalls.runId, runIds), isNotNull(modelCalls.costUsd)))
      .groupBy(modelCalls.runId);
    return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.cost]])));
  }

  async costOfSessions(sessionIds: string[]): Promise<Map<string, number>> {
    if (sessionIds.length === 0) return new Map();
    const rows = await this.conn.exec
      .select({ id: modelCalls.sessionId, cost: sql<number>`sum(${modelCalls.costUsd})`.mapWith(Number) })
      .from(modelCalls)
      .where(and(inArray(modelCalls.sessionId, sessionIds), isNotNull(modelCalls.costUsd)))
      .groupBy(modelCalls.sessionId);
    return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.cost]])));
  }

  async report(query: UsageQuery): Promise<UsageRow[]> {
    const group = groupOf(query.group_by);
    const rows = await this.conn.exec
      .select({
        group: sql<string | null>`${group}`,
        calls: sql`count(*)`,
        input: sql`sum(${modelCalls.inputTokens})`,
        cached: sql`sum(${modelCalls.cachedInputTokens})`,
        output: sql`sum(${modelCalls.outputTokens})`,
        reasoning: sql`sum(${modelCalls.reasoningTokens})`,
        cost: sql`sum(${modelCalls.costUsd})`,
        unpriced: sql`sum(case when ${modelCalls.costUsd} is null then 1 else 0 end)`,
        saved: sql`sum(${modelCalls.savedTokens})`,
      })
      .from(modelCalls)
      .where(
        and(
          gte(modelCalls.createdAt, query.from),
          lt(modelCalls.createdAt, query.to),
          ownedBy(modelCalls.owner, query.owner),
        ),
      )
      .groupBy(group);
    return rows.map(usageRowOf);
  }
}
