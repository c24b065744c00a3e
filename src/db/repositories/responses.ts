/**
 * @module responses
 * The `responses` table: each response of the Responses API with the run and session behind it, the response it
 * continued, and whether it may be read back (`store`) or was deleted.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../database.js";
import { responses } from "../schema.js";
import { responseInsertValues, responseRecordOf } from "../rows/responses.js";
import type { ResponseRecord } from "../records.js";
import type { ResponseRepository, Sync } from "../store.js";

export class SqliteResponseRepository implements Sync<ResponseRepository> {
  constructor(private readonly db: Db) {}

  create(response: Omit<ResponseRecord, "deleted_at">): ResponseRecord {
    const row = this.db.insert(responses).values(responseInsertValues(response)).returning().get();
    return responseRecordOf(row);
  }

  /** The response, deleted or not (callers decide what a deleted or unstored one answers). */
  get(id: string): ResponseRecord | null {
    const row = this.db.select().from(responses).where(eq(responses.id, id)).get();
    return row ? responseRecordOf(row) : null;
  }

  /** The response a run answered, if the run was started by one. */
  getByRun(runId: string): ResponseRecord | null {
    const row = this.db.select().from(responses).where(eq(responses.runId, runId)).get();
    return row ? responseRecordOf(row) : null;
  }

  /** The session's newest response that is not deleted, or null. */
  latestOfSession(sessionId: string): ResponseRecord | null {
    const row = this.db
      .select()
      .from(responses)
      .where(and(eq(responses.sessionId, sessionId), isNull(responses.deletedAt)))
      .orderBy(desc(responses.createdAt), desc(responses.id))
      .limit(1)
      .get();
    return row ? responseRecordOf(row) : null;
  }

  /** Marks it deleted; false when there was no such response not yet deleted. */
  markDeleted(id: string, now: number): boolean {
    const result = this.db
      .update(responses)
      .set({ deletedAt: now })
      .where(and(eq(responses.id, id), isNull(responses.deletedAt)))
      .run();
    return result.changes > 0;
  }
}
