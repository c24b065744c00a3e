/**
 * @module memory-snapshots
 * The memory block each session froze into its system prompt when it started, read back on every turn.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../database.js";
import type { MemorySnapshotRepository } from "../memory-records.js";
import { sessionMemorySnapshots } from "../schema.js";
import type { Sync } from "../store.js";

export class SqliteMemorySnapshotRepository implements Sync<MemorySnapshotRepository> {
  constructor(private readonly db: Db) {}

  get(sessionId: string): string | null {
    const row = this.db
      .select({ text: sessionMemorySnapshots.text })
      .from(sessionMemorySnapshots)
      .where(eq(sessionMemorySnapshots.sessionId, sessionId))
      .get();
    return row?.text ?? null;
  }

  /** Written once, at the session's start: a second write keeps the first. */
  put(sessionId: string, text: string, now: number): void {
    this.db.insert(sessionMemorySnapshots).values({ sessionId, text, createdAt: now }).onConflictDoNothing().run();
  }
}
