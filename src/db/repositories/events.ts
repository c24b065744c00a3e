/**
 * @module events
 * The `events` table: every session event in publish order, with the ids a stream resumes from (`Last-Event-ID`),
 * and the pruning of one event type by age (the bus drops old `message.delta` chunks this way).
 */
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { events, isStreamedChunk } from "../schema.js";
import type { StoredEvent } from "../records.js";
import { storedEventOf } from "../rows/events.js";
import type { EventRepository, Sync } from "../store.js";

export class SqliteEventRepository implements Sync<EventRepository> {
  /** Every event of every run is inserted, streamed deltas included; built once (building costs more than running it). */
  private readonly insertStatement;

  constructor(private readonly db: Db) {
    this.insertStatement = db
      .insert(events)
      .values({
        sessionId: sql.placeholder("sessionId"),
        type: sql.placeholder("type"),
        dataJson: sql.placeholder("dataJson"),
        createdAt: sql.placeholder("now"),
        runId: sql.placeholder("runId"),
      })
      .returning({ id: events.id })
      .prepare();
  }

  insert(sessionId: string, type: string, data: unknown, now: number, runId: string | null = null): StoredEvent {
    const row = this.insertStatement.get({ sessionId, type, dataJson: JSON.stringify(data), now, runId });
    if (!row) throw new Error(`event ${type} of session ${sessionId} was not stored`);
    return { id: row.id, session_id: sessionId, type, data, created_at: now };
  }

  insertAll(
    sessionId: string,
    events: Array<{ type: string; data: unknown; runId: string | null }>,
    now: number,
  ): StoredEvent[] {
    // Statements on one connection cost no round trip: one prepared insert each.
    return events.map(({ type, data, runId }) => this.insert(sessionId, type, data, now, runId));
  }

  /** Every persisted event of the session after `afterId`, oldest first. */
  after(sessionId: string, afterId: number, limit = 10_000): StoredEvent[] {
    return this.db
      .select()
      .from(events)
      .where(and(eq(events.sessionId, sessionId), gt(events.id, afterId)))
      .orderBy(asc(events.id))
      .limit(limit)
      .all()
      .map(storedEventOf);
  }

  /** Every persisted event of one run after `afterId`, oldest first. */
  forRun(runId: string, afterId: number, limit = 10_000): StoredEvent[] {
    return this.db
      .select()
      .from(events)
      .where(and(eq(events.runId, runId), gt(events.id, afterId)))
      .orderBy(asc(events.id))
      .limit(limit)
      .all()
      .map(storedEventOf);
  }

  /** The type of each run's newest stored event, in one query; a run with none is absent. */
  lastTypesOfRuns(runIds: string[]): Map<string, string> {
    if (runIds.length === 0) return new Map();
    const newest = this.db
      .select({ id: sql<number>`max(${events.id})` })
      .from(events)
      .where(inArray(events.runId, runIds))
      .groupBy(events.runId);
    const rows = this.db
      .select({ runId: events.runId, type: events.type })
      .from(events)
      .where(inArray(events.id, newest))
      .all();
    return new Map(rows.flatMap((row) => (row.runId ? [[row.runId, row.type] as const] : [])));
  }

  /** Deletes the streamed chunks created before `before`; answers how many went. */
  deleteChunksBefore(before: number): number {
    return this.db
      .delete(events)
      .where(and(isStreamedChunk, lt(events.createdAt, before)))
      .run().changes;
  }
}
