/**
 * @module responses
 * The `responses` table: each response of the Responses API with the run and session behind it, the response it
 * continued, and whether it may be read back (`store`) or was deleted.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../database.js";
import { responses } from "../schema.js";
import type { ResponseRecord } from "../records.js";

type Row = typeof responses.$inferSelect;

/** The record of a row; the PostgreSQL repository reads its rows (the same columns) with it too. */
export function responseRecordOf(row: Row): ResponseRecord {
  return {
    id: row.id,
    session_id: row.sessionId,
    run_id: row.runId,
    previous_response_id: row.previousResponseId,
    conversation: row.conversation,
    instructions: row.instructions,
    stored: row.stored,
    metadata: JSON.parse(row.metadataJson) as Record<string, string>,
    created_at: row.createdAt,
    deleted_at: row.deletedAt,
  };
}

export class ResponseRepository {
  constructor(private readonly db: Db) {}

  create(response: Omit<ResponseRecord, "deleted_at">): ResponseRecord {
    const row = this.db
      .insert(responses)
      .values({
        id: response.id,
        sessionId: response.session_id,
        runId: response.run_id,
        previousResponseId: response.previous_response_id,
        conversation: response.conversation,
        instructions: response.instructions,
        stored: response.stored,
        metadataJson: JSON.stringify(response.metadata),
        createdAt: response.created_at,
      })
      .returning()
      .get();
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
