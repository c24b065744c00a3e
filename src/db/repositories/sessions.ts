/**
 * @module sessions
 * The `sessions` table: a session's title, model and system prompt, its own config and engine state (as JSON) and
 * the counters kept with them; lookups by id and by the key of a derived chat-completions conversation, and the
 * list newest first, paged by a (created_at, id) cursor.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { ActiveContextCache } from "../active-context-cache.js";
import type { Db } from "../database.js";
import { PreparedUpdates } from "../prepared-updates.js";
import { sessions } from "../schema.js";
import type { SessionRecord, StoredSessionConfig } from "../records.js";
import type { NewSession, SessionCursor, SessionPatch } from "../records.js";

type Row = typeof sessions.$inferSelect;

/** The record of a row; the PostgreSQL repository reads its rows (the same columns) with it too. */
export function sessionRecordOf(row: Row): SessionRecord {
  return {
    id: row.id,
    title: row.title,
    model: row.model,
    system_prompt: row.systemPrompt,
    system_prompt_tokens: row.systemPromptTokens,
    config: JSON.parse(row.configJson) as StoredSessionConfig,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    message_count: row.messageCount,
    context_tokens: row.contextTokens,
    context_message_count: row.contextMessageCount,
    compression_count: row.compressionCount,
    last_prompt_tokens: row.lastPromptTokens,
    last_completion_tokens: row.lastCompletionTokens,
    engine_state: JSON.parse(row.engineStateJson) as Record<string, unknown>,
    browser_url: row.browserUrl,
    source: row.source,
    pinned: row.pinned,
    archived: row.archived,
    parent_session_id: row.parentSessionId,
    anchors_indexed: row.anchorsIndexed,
  };
}

export class SessionRepository {
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
    const row = this.db
      .insert(sessions)
      .values({
        id: input.id,
        title: input.title,
        model: input.model,
        systemPrompt: input.system_prompt,
        systemPromptTokens: input.system_prompt_tokens,
        configJson: JSON.stringify(input.config),
        derivedKey: input.derived_key ?? null,
        source: input.source ?? null,
        parentSessionId: input.parent_session_id ?? null,
        anchorsIndexed: true,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning()
      .get();
    return sessionRecordOf(row);
  }

  get(id: string): SessionRecord | null {
    const row = this.getById.get({ id });
    return row ? sessionRecordOf(row) : null;
  }

  /** The newest session holding this derived key (two conversations can reach the same one: identical turns). */
  findByDerivedKey(key: string): SessionRecord | null {
    const row = this.db
      .select()
      .from(sessions)
      .where(eq(sessions.derivedKey, key))
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(1)
      .get();
    return row ? sessionRecordOf(row) : null;
  }

  /** Newest first; the cursor is the last row of the previous page. */
  list(limit: number, cursor: SessionCursor | null): SessionRecord[] {
    // A row-value comparison lets SQLite seek in (created_at, id) instead of scanning the pages before.
    const where = cursor
      ? sql`(${sessions.createdAt}, ${sessions.id}) < (${cursor.created_at}, ${cursor.id})`
      : undefined;
    return this.db
      .select()
      .from(sessions)
      .where(where)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(limit)
      .all()
      .map(sessionRecordOf);
  }

  update(id: string, patch: SessionPatch, now: number): SessionRecord | null {
    const values: Partial<typeof sessions.$inferInsert> = { updatedAt: now };
    if (patch.title !== undefined) values.title = patch.title;
    if (patch.model !== undefined) values.model = patch.model;
    if (patch.system_prompt !== undefined) values.systemPrompt = patch.system_prompt;
    if (patch.system_prompt_tokens !== undefined) values.systemPromptTokens = patch.system_prompt_tokens;
    if (patch.config !== undefined) values.configJson = JSON.stringify(patch.config);
    if (patch.engine_state !== undefined) values.engineStateJson = JSON.stringify(patch.engine_state);
    if (patch.browser_url !== undefined) values.browserUrl = patch.browser_url;
    if (patch.last_prompt_tokens !== undefined) values.lastPromptTokens = patch.last_prompt_tokens;
    if (patch.last_completion_tokens !== undefined) values.lastCompletionTokens = patch.last_completion_tokens;
    if (patch.derived_key !== undefined) values.derivedKey = patch.derived_key;
    if (patch.pinned !== undefined) values.pinned = patch.pinned;
    if (patch.archived !== undefined) values.archived = patch.archived;
    if (patch.anchors_indexed !== undefined) values.anchorsIndexed = patch.anchors_indexed;
    const row = this.updates.run(id, values);
    return row ? sessionRecordOf(row) : null;
  }

  /** Most recently active first, `offset` rows in, one more than `limit` so the caller knows whether more follow. */
  listByActivity(limit: number, offset: number): SessionRecord[] {
    return this.db
      .select()
      .from(sessions)
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
