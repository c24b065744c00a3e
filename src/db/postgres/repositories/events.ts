/**
 * @module events
 * The `events` table on PostgreSQL, as the SQLite repository (../../repositories/events.ts) keeps it: every session
 * event with the ids a stream resumes from, and the pruning of one event type by age.
 */
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { EventRepository } from "../../store.js";
import type { StoredEvent } from "../../records.js";
import { namedStatement, type PgConnection } from "../connection.js";
import { EVENTS_CHANNEL } from "../event-announcements.js";
import { events, isStreamedChunk } from "../schema.js";
import { storedEventOf } from "../../rows/events.js";

/** $1 the session, $2 the type, $3 the data as JSON, $4 now, $5 the run or null. */
const INSERT_EVENT = namedStatement(
  "insert_event",
  `with locked as (select pg_advisory_xact_lock(hashtext($1::text))),
  inserted as (
    insert into events (session_id, type, data_json, created_at, run_id)
    select $1::text, $2::text, $3::text, $4::bigint, $5::text from locked
    returning id
  )
  select id, pg_notify('${EVENTS_CHANNEL}', $1::text || ' ' || id::text) from inserted`,
);

/**
 * $1 the session, $2 the types, $3 the data as JSON, $4 now, $5 the runs (or nulls): one row per element, inserted in
 * the arrays' order (the rows are produced sorted by their position, and each takes the next id as it is inserted).
 */
const INSERT_EVENTS = namedStatement(
  "insert_events",
  `with locked as (select pg_advisory_xact_lock(hashtext($1::text))),
  inserted as (
    insert into events (session_id, type, data_json, created_at, run_id)
    select $1::text, item.type, item.data_json, $4::bigint, item.run_id
    from locked, unnest($2::text[], $3::text[], $5::text[]) with ordinality as item(type, data_json, run_id, position)
    order by item.position
    returning id
  )
  select id, pg_notify('${EVENTS_CHANNEL}', $1::text || ' ' || id::text) from inserted order by id`,
);

export class PgEventRepository implements EventRepository {
  constructor(private readonly conn: PgConnection) {}

  async insert(
    sessionId: string,
    type: string,
    data: unknown,
    now: number,
    runId: string | null = null,
  ): Promise<StoredEvent> {
    // One statement (one round trip): the session's lock, the insert, the notification sent on commit. One session's
    // events commit one at a time (the lock is held to the commit), so their ids grow in commit order: a stream
    // resuming after an id, or following the announcements, never skips one committed later with a lower id.
    const [inserted] = await this.conn.query<{ id: string | number }>(INSERT_EVENT, [
      sessionId,
      type,
      JSON.stringify(data),
      now,
      runId,
    ]);
    const row = inserted ? { id: Number(inserted.id) } : undefined;
    if (!row) throw new Error(`event ${type} of session ${sessionId} was not stored`);
    return { id: row.id, session_id: sessionId, type, data, created_at: now };
  }

  async insertAll(
    sessionId: string,
    events: Array<{ type: string; data: unknown; runId: string | null }>,
    now: number,
  ): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    if (events.length === 1) {
      const [{ type, data, runId }] = events;
      return [await this.insert(sessionId, type, data, now, runId)];
    }
    // One round trip for them all, under the same lock and notification as one insert.
    const inserted = await this.conn.query<{ id: string | number }>(INSERT_EVENTS, [
      sessionId,
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
      now,
      events.map((event) => event.runId),
    ]);
    if (inserted.length !== events.length)
      throw new Error(`${events.length - inserted.length} events of session ${sessionId} were not stored`);
    return events.map(({ type, data }, i) => ({
      id: Number(inserted[i].id),
      session_id: sessionId,
      type,
      data,
      created_at: now,
    }));
  }

  /** Every persisted event of the session after `afterId`, oldest first. */
  async after(sessionId: string, afterId: number, limit = 10_000): Promise<StoredEvent[]> {
    const rows = await this.conn.exec
      .select()
      .from(events)
      .where(and(eq(events.sessionId, sessionId), gt(events.id, afterId)))
      .orderBy(asc(events.id))
      .limit(limit);
    return rows.map(storedEventOf);
  }

  /** Every persisted event of one run after `afterId`, oldest first. */
  async forRun(runId: string, afterId: number, limit = 10_000): Promise<StoredEvent[]> {
    const rows = await this.conn.exec
      .select()
      .from(events)
      .where(and(eq(events.runId, runId), gt(events.id, afterId)))
      .orderBy(asc(events.id))
      .limit(limit);
    return rows.map(storedEventOf);
  }

  /** The type of each run's newest stored event, in one query; a run with none is absent. */
  async lastTypesOfRuns(runIds: string[]): Promise<Map<string, string>> {
    if (runIds.length === 0) return new Map();
    const newest = this.conn.exec
      .select({ id: sql<number>`max(${events.id})` })
      .from(events)
      .where(inArray(events.runId, runIds))
      .groupBy(events.runId);
    const rows = await this.conn.exec
      .select({ runId: events.runId, type: events.type })
      .from(events)
      .where(inArray(events.id, newest));
    return new Map(rows.flatMap((row) => (row.runId ? [[row.runId, row.type] as const] : [])));
  }

  /** Deletes the streamed chunks created before `before`; answers how many went. */
  async deleteChunksBefore(before: number): Promise<number> {
    const result = await this.conn.exec.delete(events).where(and(isStreamedChunk, lt(events.createdAt, before)));
    return result.rowCount ?? 0;
  }
}
