/**
 * @module sessions
 * The `sessions` table on PostgreSQL: the same records, lookups, pages and counters as the SQLite repository
 * (../../repositories/sessions.ts). Nothing of a session's active context is kept in memory here: several replicas
 * write the same sessions, so every read goes to the database.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { SessionRepository } from "../../store.js";
import type { NewSession, OwnerFilter, SessionCursor, SessionPatch, SessionRecord } from "../../records.js";
import { ownedBy } from "../../rows/owner-filter.js";
import { namedStatement, type PgConnection } from "../connection.js";
import { NamedUpdates } from "../named-statements.js";
import { sessions } from "../schema.js";
import { sessionInsertValues, sessionPatchValues, sessionRecordOf } from "../../rows/sessions.js";

/** The updates of a session's columns, and its rows as read; read and locked on every turn, by name. */
const updates = new NamedUpdates("session", sessions, sessions.id);
const GET_SESSION = namedStatement("get_session", `select ${updates.rows.list} from sessions where id = $1`);
const LOCK_SESSION = namedStatement("lock_session", "select id from sessions where id = $1 for update");
const LOCK_NAME = namedStatement("lock_name", "select pg_advisory_xact_lock(hashtext('caduceus:session:' || $1))");

export class PgSessionRepository implements SessionRepository {
  constructor(private readonly conn: PgConnection) {}

  async create(input: NewSession): Promise<SessionRecord> {
    const [row] = await this.conn.exec.insert(sessions).values(sessionInsertValues(input)).returning();
    return sessionRecordOf(row);
  }

  /** Holds the session's row (`FOR UPDATE`) until the caller's transaction ends. */
  async lock(id: string): Promise<void> {
    await this.conn.query(LOCK_SESSION, [id]);
  }

  /** A transaction-scoped advisory lock on the name's hash (two names sharing one only wait for each other). */
  async lockName(name: string): Promise<void> {
    await this.conn.query(LOCK_NAME, [name]);
  }

  async get(id: string): Promise<SessionRecord | null> {
    const [raw] = await this.conn.query(GET_SESSION, [id]);
    return raw ? sessionRecordOf(updates.rows.read(raw)) : null;
  }

  /** The newest session holding this derived key (two conversations can reach the same one: identical turns). */
  async findByDerivedKey(key: string, owner: OwnerFilter = null): Promise<SessionRecord | null> {
    const [row] = await this.conn.exec
      .select()
      .from(sessions)
      .where(and(eq(sessions.derivedKey, key), ownedBy(sessions.owner, owner)))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(1);
    return row ? sessionRecordOf(row) : null;
  }

  /** The sessions titled `base` or `base #N` (a title's lineage, as Hermes numbers forks), as `{id, title}`. */
  async titledLike(base: string, owner: OwnerFilter = null): Promise<Array<{ id: string; title: string }>> {
    const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await this.conn.exec
      .select({ id: sessions.id, title: sessions.title })
      .from(sessions)
      .where(
        and(
          or(eq(sessions.title, base), sql`${sessions.title} like ${`${escaped} #%`} escape '\\'`),
          ownedBy(sessions.owner, owner),
        ),
      );
    return rows.flatMap((row) => (row.title === null ? [] : [{ id: row.id, title: row.title }]));
  }

  /** The most recently active session bound to this X-Hermes-Session-Key. */
  async findBySessionKey(key: string, owner: OwnerFilter = null): Promise<SessionRecord | null> {
    const [row] = await this.conn.exec
      .select()
      .from(sessions)
      .where(and(eq(sessions.sessionKey, key), ownedBy(sessions.owner, owner)))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(1);
    return row ? sessionRecordOf(row) : null;
  }

  /** Newest first; the cursor is the last row of the previous page. */
  async list(limit: number, cursor: SessionCursor | null, owner: OwnerFilter = null): Promise<SessionRecord[]> {
    // A row-value comparison lets PostgreSQL seek in sessions_created_idx instead of scanning the pages before.
    const where = cursor
      ? sql`(${sessions.createdAt}, ${sessions.id}) < (${cursor.created_at}, ${cursor.id})`
      : undefined;
    const rows = await this.conn.exec
      .select()
      .from(sessions)
      .where(and(where, ownedBy(sessions.owner, owner)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(limit);
    return rows.map(sessionRecordOf);
  }

  async update(id: string, patch: SessionPatch, now: number): Promise<SessionRecord | null> {
    const values = sessionPatchValues(patch, now);
    const update = updates.prepare(id, values);
    const [raw] = await this.conn.query(update.statement, update.values);
    return raw ? sessionRecordOf(updates.rows.read(raw)) : null;
  }

  /** Most recently active first, `offset` rows in, one more than `limit` so the caller knows whether more follow. */
  async listByActivity(limit: number, offset: number, owner: OwnerFilter = null): Promise<SessionRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(sessions)
      .where(ownedBy(sessions.owner, owner))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(limit + 1)
      .offset(offset);
    return rows.map(sessionRecordOf);
  }

  /** Rows of the session go with it (foreign keys cascade). */
  async delete(id: string): Promise<boolean> {
    const result = await this.conn.exec.delete(sessions).where(eq(sessions.id, id));
    return (result.rowCount ?? 0) > 0;
  }

  async incrementCompressionCount(id: string): Promise<void> {
    await this.conn.exec
      .update(sessions)
      .set({ compressionCount: sql`${sessions.compressionCount} + 1` })
      .where(eq(sessions.id, id));
  }
}
