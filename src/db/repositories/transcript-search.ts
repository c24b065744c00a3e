/**
 * @module transcript-search
 * Full-text search over a session's whole transcript through the `messages_fts` FTS5 index: free text turned into
 * a query that cannot fail to parse, hits ranked by bm25, each with a snippet.
 */
import type Database from "better-sqlite3";
import type { OwnerFilter, SearchHit, SessionSearchHit } from "../records.js";
import type { SearchAllScope, TranscriptSearchRepository, Sync } from "../store.js";

/**
 * Turns free text into an FTS5 query that cannot be a syntax error: every whitespace-separated
 * term becomes a quoted phrase (quotes doubled), so `src/app.ts`, `ENOSPC` or `#1234` are searched
 * as written, and all terms must match. A hex term of 6 to 39 digits is a prefix query, so a short SHA
 * finds the whole one.
 */
export function toFtsQuery(input: string): string | null {
  const terms = input
    // FTS5 reads a NUL (or another control character) inside a quoted phrase as the end of the query text.
    .split(/[\s\p{Cc}]+/u)
    .map((term) => term.trim())
    .filter((term) => /[\p{L}\p{N}]/u.test(term));
  if (terms.length === 0) return null;
  return terms.map((term) => `"${term.replaceAll('"', '""')}"${SHA_PREFIX.test(term) ? "*" : ""}`).join(" ");
}

/** A commit SHA cut short, as people type them (`git log --oneline` shows 7). */
const SHA_PREFIX = /^[0-9a-f]{6,39}$/i;

/** Tokens a snippet shows at most (FTS5's own limit): enough to read a line of context around the match. */
const SNIPPET_TOKENS = 64;

/** Full-text search over a whole transcript, compacted rows included; or over every session's. */
export class SqliteTranscriptSearchRepository implements Sync<TranscriptSearchRepository> {
  private readonly statement: Database.Statement;
  private readonly everywhere: Database.Statement;

  constructor(sqlite: Database.Database) {
    this.statement = sqlite.prepare(`
      select m.seq as seq, m.id as message_id, m.role as role, m.in_context as in_context, m.kind as kind,
             snippet(messages_fts, 0, '[', ']', '…', ${SNIPPET_TOKENS}) as snippet, bm25(messages_fts) as rank, m.created_at as created_at
      from messages_fts
      join messages m on m.id = messages_fts.message_id
      where messages_fts match @query and messages_fts.session_id = @session_id and (@role is null or m.role = @role)
      order by rank, m.seq desc
      limit @limit`);
    this.everywhere = sqlite.prepare(`
      select m.session_id as session_id, s.title as session_title, m.seq as seq, m.id as message_id, m.role as role,
             m.in_context as in_context, m.kind as kind,
             snippet(messages_fts, 0, '[', ']', '…', ${SNIPPET_TOKENS}) as snippet, bm25(messages_fts) as rank, m.created_at as created_at
      from messages_fts
      join messages m on m.id = messages_fts.message_id
      join sessions s on s.id = m.session_id
      where messages_fts match @query and (@every_owner = 1 or s.owner is @owner)
        and (@session_id is null or m.session_id = @session_id)
      order by rank, m.created_at desc
      limit @limit offset @offset`);
  }

  /** Every session's transcript at once (of one owner's sessions, with a filter), best hits first. */
  searchAll(text: string, limit: number, owner: OwnerFilter = null, within: SearchAllScope = {}): SessionSearchHit[] {
    const query = toFtsQuery(text);
    if (!query) return [];
    const rows = this.everywhere.all({
      query,
      limit,
      every_owner: owner ? 0 : 1,
      owner: owner?.owner ?? null,
      session_id: within.sessionId ?? null,
      offset: within.offset ?? 0,
    }) as Array<Omit<SessionSearchHit, "in_context"> & { in_context: number }>;
    return rows.map((row) => ({ ...row, in_context: row.in_context === 1 }));
  }

  search(sessionId: string, text: string, options: { role?: string | null; limit: number }): SearchHit[] {
    const query = toFtsQuery(text);
    if (!query) return [];
    const rows = this.statement.all({
      query,
      session_id: sessionId,
      role: options.role ?? null,
      limit: options.limit,
    }) as Array<Omit<SearchHit, "in_context"> & { in_context: number }>;
    return rows.map((row) => ({ ...row, in_context: row.in_context === 1 }));
  }
}
