/**
 * @module summaries
 * The `summaries` table: every version of a session's compression summary, with the seq range it covers and the
 * tokens before and after; the latest one is what the next compression builds on.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { summaries } from "../schema.js";
import { summaryInsertValues, summaryRecordOf } from "../rows/summaries.js";
import type { NewSummary, SummaryRecord } from "../records.js";
import type { SummaryRepository, Sync } from "../store.js";

export class SqliteSummaryRepository implements Sync<SummaryRepository> {
  /** Read by every GET /context of a compressed session; built once. */
  private readonly latestBySession;
  /** Read for every model call of a turn (its usage row says what compression saved); built once. */
  private readonly savedBySession;

  constructor(private readonly db: Db) {
    this.latestBySession = db
      .select()
      .from(summaries)
      .where(eq(summaries.sessionId, sql.placeholder("sessionId")))
      .orderBy(desc(summaries.version))
      .limit(1)
      .prepare();
    this.savedBySession = db
      .select({
        saved: sql<number>`coalesce(sum(${summaries.tokensBefore} - ${summaries.tokensAfter}), 0)`.mapWith(Number),
      })
      .from(summaries)
      .where(eq(summaries.sessionId, sql.placeholder("sessionId")))
      .prepare();
  }

  latest(sessionId: string): SummaryRecord | null {
    const row = this.latestBySession.get({ sessionId });
    return row ? summaryRecordOf(row) : null;
  }

  list(sessionId: string): SummaryRecord[] {
    return this.db
      .select()
      .from(summaries)
      .where(eq(summaries.sessionId, sessionId))
      .orderBy(asc(summaries.version))
      .all()
      .map(summaryRecordOf);
  }

  insert(sessionId: string, summary: NewSummary): SummaryRecord {
    const row = this.db.insert(summaries).values(summaryInsertValues(sessionId, summary)).returning().get();
    return summaryRecordOf(row);
  }

  /** The tokens the session's compressions took out of its context, summed over every summary stored. */
  savedTokens(sessionId: string): number {
    const row = this.savedBySession.get({ sessionId });
    return Math.max(0, row?.saved ?? 0);
  }
}
