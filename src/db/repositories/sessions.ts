/**
 * @module sessions
 * The `sessions` table: a session's title, model and system prompt, its own config and engine state (as JSON) and
 * the counters kept with them; lookups by id and by the key of a derived chat-completions conversation, and the
 * list newest first, paged by a (created_at, id) cursor.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { ActiveContextCache } from "../active-context-cache.js";
import type { Db } from "../database.js";
import { PreparedUpdates } from "../prepared-updates.js";
import { sessions } from "../schema.js";
import type { SessionRecord } from "../records.js";
import { sessionInsertValues, sessionPatchValues, sessionRecordOf } from "../rows/sessions.js";
import type { NewSession, OwnerFilter, SessionCursor, SessionPatch } from "../records.js";
import { ownedBy } from "../rows/owner-filter.js";
import type { SessionRepository, Sync } from "../store.js";

export class SqliteSessionRepository implements Sync<SessionRepository> {
  /** Read on every request that names a session; built once (building costs more than running it). */
  private readonly getById;
  /** Written several times a turn (usage, engine state, browser URL). */
  private readonly updates: PreparedUpdates<typeof sessions, typeof sessions.$inferSelect>;
  private readonly bumpCompressionCount;

  constructor(
    private readonly db: Db,
    private readonly activeContext: ActiveContextCache,
  ) {
    this.getById = db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare();
    this.updates = new PreparedUpdates(db, sessions, sessions.id);
    this.bumpCompressionCount = db
      .update(sessions)
      .set({ compressionCount: sql`${sessions.compressionCount} + 1` })
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare();
  }

  /**
   * Holds the session's row until the caller's transaction ends, so a read, a decision and a write on it are not
   * interleaved with another replica's. On SQLite the transaction holds the database's write lock already: nothing
   * more to do.
   */
  lock(_id: string): void {}

  /**
   * Holds a name (a session id not stored yet, a conversation's key) until the caller's transaction ends, so two
   * requests that would create the same session decide one after the other. On SQLite the transaction does already.
   */
  lockName(_name: string): void {}

  create(input: NewSession): SessionRecord {
    const row = this.db.insert(sessions).values(sessionInsertValues(input)).returning().get();
    return sessionRecordOf(row);
  }

  get(id: string): SessionRecord | null {
    const row = this.getById.get({ id });
    return row ? sessionRecordOf(row) : null;
  }

  /** The newest session holding this derived key (two conversations can reach the same one: identical turns). */
  findByDerivedKey(key: string, owner: OwnerFilter = null): SessionRecord | null {
    const row = this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.derivedKey, key), ownedBy(sessions.owner, owner)))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(1)
      .get();
    return row ? sessionRecordOf(row) : null;
  }

  /** The sessions titled `base` or `base #N` (a title's lineage, as Hermes numbers forks), as `{id, title}`. */
  titledLike(base: string, owner: OwnerFilter = null): Array<{ id: string; title: string }> {
    const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = this.db
      .select({ id: sessions.id, title: sessions.title })
      .from(sessions)
      .where(
        and(
          or(eq(sessions.title, base), sql`${sessions.title} like ${`${escaped} #%`} escape '\\'`),
          ownedBy(sessions.owner, owner),
        ),
      )
      .all();
    return rows.flatMap((row) => (row.title === null ? [] : [{ id: row.id, title: row.title }]));
  }

  /** The most recently active session bound to this X-Hermes-Session-Key. */
  findBySessionKey(key: string, owner: OwnerFilter = null): SessionRecord | null {
    const row = this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.sessionKey, key), ownedBy(sessions.owner, owner)))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(1)
      .get();
    return row ? sessionRecordOf(row) : null;
  }

  /** Newest first; the cursor is the last row of the previous page. */
  list(limit: number, cursor: SessionCursor | null, owner: OwnerFilter = null): SessionRecord[] {
    // A row-value comparison lets SQLite seek in (created_at, id) instead of scanning the pages before.
    const where = cursor
      ? sql`(${sessions.createdAt}, ${sessions.id}) < (${cursor.created_at}, ${cursor.id})`
      : undefined;
    return this.db
      .select()
      .from(sessions)
      .where(and(where, ownedBy(sessions.owner, owner)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(limit)
      .all()
      .map(sessionRecordOf);
  }

  update(id: string, patch: SessionPatch, now: number): SessionRecord | null {
    const values = sessionPatchValues(patch, now);
    const row = this.updates.run(id, values);
    return row ? sessionRecordOf(row) : null;
  }

  /** Most recently active first, `offset` rows in, one more than `limit` so the caller knows whether more follow. */
  listByActivity(limit: number, offset: number, owner: OwnerFilter = null): SessionRecord[] {
    return this.db
      .select()
      .from(sessions)
      .where(ownedBy(sessions.owner, owner))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(limit + 1)
      .offset(offset)
      .all()
      .map(sessionRecordOf);
  }

  /** Rows of the session go with it (foreign keys cascade). */
  delete(id: string): boolean {
    this.activeContext.invalidate(id);
    return this.db.delete(sessions).where(eq(sessions.id, id)).run().changes > 0;
  }

  incrementCompressionCount(id: string): void {
    this.bumpCompressionCount.run({ id });
  }
}
