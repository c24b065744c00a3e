/**
 * @module memory-snapshots
 * The memory block each session froze into its system prompt when it started, on PostgreSQL (see
 * ../../repositories/memory-snapshots.ts).
 */
import { eq } from "drizzle-orm";
import type { MemorySnapshotRepository } from "../../memory-records.js";
import type { PgConnection } from "../connection.js";
import { sessionMemorySnapshots } from "../schema.js";

export class PgMemorySnapshotRepository implements MemorySnapshotRepository {
  constructor(private readonly conn: PgConnection) {}

  async get(sessionId: string): Promise<string | null> {
    const [row] = await this.conn.exec
      .select({ text: sessionMemorySnapshots.text })
      .from(sessionMemorySnapshots)
      .where(eq(sessionMemorySnapshots.sessionId, sessionId));
    return row?.text ?? null;
  }

  /** Written once, at the session's start: a second write keeps the first. */
  async put(sessionId: string, text: string, now: number): Promise<void> {
    await this.conn.exec
      .insert(sessionMemorySnapshots)
      .values({ sessionId, text, createdAt: now })
      .onConflictDoNothing();
  }
}
