/**
 * @module model-calls
 * The `model_calls` table: one row per model call, summed for a key's day (its token budget), for runs and sessions
 * (their cost), and grouped for a usage report.
 */
import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../database.js";
import { PreparedInsert } from "../prepared-inserts.js";
import { modelCalls } from "../schema.js";
import type { ModelCallRecord, UsageGrouping, UsageQuery, UsageRow } from "../records.js";
import { modelCallInsertValues, usageRowOf } from "../rows/model-calls.js";
import { ownedBy } from "../rows/owner-filter.js";
import type { ModelCallRepository, Sync } from "../store.js";

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
      return sql`strftime('%Y-%m-%d', ${modelCalls.createdAt} / 1000, 'unixepoch')`;
  }
}

export class SqliteModelCallRepository implements Sync<ModelCallRepository> {
  /** Every model call is recorded; built once. */
  private readonly insertRow: PreparedInsert<typeof modelCalls>;

  constructor(private readonly db: Db) {
    this.insertRow = new PreparedInsert(db, modelCalls);
  }

  insert(record: ModelCallRecord): void {
    this.insertRow.run(modelCallInsertValues(record));
  }

  tokensOfKeySince(keyId: string, since: number): number {
    const row = this.db
      .select({
        tokens: sql<number>`coalesce(sum(${modelCalls.inputTokens} + ${modelCalls.outputTokens}), 0)`.mapWith(Number),
      })
      .from(modelCalls)
      .where(and(eq(modelCalls.keyId, keyId), gte(modelCalls.createdAt, since)))
      .get();
    return row?.tokens ?? 0;
  }

  costOfRuns(runIds: string[]): Map<string, number> {
    if (runIds.length === 0) return new Map();
    const rows = this.db
      .select({ id: modelCalls.runId, cost: sql<number>`sum(${modelCalls.costUsd})`.mapWith(Number) })
      .from(modelCalls)
      .where(and(inArray(modelCalls.runId, runIds), isNotNull(modelCalls.costUsd)))
      .groupBy(modelCalls.runId)
      .all();
    return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.cost]])));
  }

  costOfSessions(sessionIds: string[]): Map<string, number> {
    if (sessionIds.length === 0) return new Map();
    const rows = this.db
      .select({ id: modelCalls.sessionId, cost: sql<number>`sum(${modelCalls.costUsd})`.mapWith(Number) })
      .from(modelCalls)
      .where(and(inArray(modelCalls.sessionId, sessionIds), isNotNull(modelCalls.costUsd)))
      .groupBy(modelCalls.sessionId)
      .all();
    return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.cost]])));
  }

  report(query: UsageQuery): UsageRow[] {
    const group = groupOf(query.group_by);
    return this.db
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
      .groupBy(group)
      .all()
      .map(usageRowOf);
  }
}
