/**
 * @module responses
 * The `responses` table on PostgreSQL, as the SQLite repository (../../repositories/responses.ts) keeps it: each
 * response of the Responses API with the run and session behind it, and whether it may be read back or was deleted.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { ResponseRepository } from "../../store.js";
import type { ResponseRecord } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { responses } from "../schema.js";
import { responseInsertValues, responseRecordOf } from "../../rows/responses.js";

export class PgResponseRepository implements ResponseRepository {
  constructor(private readonly conn: PgConnection) {}

  async create(response: Omit<ResponseRecord, "deleted_at">): Promise<ResponseRecord> {
    const [row] = await this.conn.exec.insert(responses).values(responseInsertValues(response)).returning();
    return responseRecordOf(row);
  }

  /** The response, deleted or not (callers decide what a deleted or unstored one answers). */
  async get(id: string): Promise<ResponseRecord | null> {
    const [row] = await this.conn.exec.select().from(responses).where(eq(responses.id, id));
    return row ? responseRecordOf(row) : null;
  }

  /** The response a run answered, if the run was started by one. */
  async getByRun(runId: string): Promise<ResponseRecord | null> {
    const [row] = await this.conn.exec.select().from(responses).where(eq(responses.runId, runId)).limit(1);
    return row ? responseRecordOf(row) : null;
  }

  /** The session's newest response that is not deleted, or null. */
  async latestOfSession(sessionId: string): Promise<ResponseRecord | null> {
    const [row] = await this.conn.exec
      .select()
      .from(responses)
      .where(and(eq(responses.sessionId, sessionId), isNull(responses.deletedAt)))
      .orderBy(desc(responses.createdAt), desc(responses.id))
      .limit(1);
    return row ? responseRecordOf(row) : null;
  }

  /** Marks it deleted; false when there was no such response not yet deleted. */
  async markDeleted(id: string, now: number): Promise<boolean> {
    const result = await this.conn.exec
      .update(responses)
      .set({ deletedAt: now })
      .where(and(eq(responses.id, id), isNull(responses.deletedAt)));
    return (result.rowCount ?? 0) > 0;
  }
}
