/**
 * @module active-context-cache
 * Each session's active context, kept in memory between turns so a model call does not read and parse thousands of
 * rows again: bounded by a number of sessions and a byte budget (least recently used first out), filled from SQLite
 * on a miss, and kept in step by the repository code that writes the rows — appended to when rows are appended,
 * dropped when a compression moves rows in or out or a session is deleted, and dropped for every session a
 * transaction touched when that transaction fails (so a rolled-back write is never served).
 */
import type { StoredMessage } from "./records.js";

/** Sessions kept at most. */
export const ACTIVE_CONTEXT_CACHE_MAX_SESSIONS = 256;
/** Bytes kept at most, counted as the rows' JSON length (what the rows cost to read back). */
export const ACTIVE_CONTEXT_CACHE_MAX_BYTES = 256 * 1024 * 1024;

type Entry = { rows: StoredMessage[]; bytes: number };

const rowBytes = (row: StoredMessage) =>
  JSON.stringify(row.content).length +
  (row.tool_calls ? JSON.stringify(row.tool_calls).length : 0) +
  (row.override ? JSON.stringify(row.override).length : 0) +
  200;

export class ActiveContextCache {
  /** In least-recently-used order: a Map iterates in insertion order, and a hit re-inserts its entry. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Sessions written inside the transaction under way; dropped if it fails. */
  private touched: Set<string> | null = null;

  constructor(
    private readonly maxSessions = ACTIVE_CONTEXT_CACHE_MAX_SESSIONS,
    private readonly maxBytes = ACTIVE_CONTEXT_CACHE_MAX_BYTES,
  ) {}

  /** The cached rows (a copy of the list: callers may reorder or extend it), or undefined on a miss. */
  get(sessionId: string): StoredMessage[] | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return [...entry.rows];
  }

  /** Keeps the rows read from SQLite for the session. */
  fill(sessionId: string, rows: StoredMessage[]): void {
    this.drop(sessionId);
    const entry = { rows: [...rows], bytes: rows.reduce((sum, row) => sum + rowBytes(row), 0) };
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(sessionId, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /**
   * Rows appended to the session's transcript: those in the context join the cached list where their position puts
   * them (appended rows normally sort last; a summary row can sit earlier).
   */
  appended(sessionId: string, rows: StoredMessage[]): void {
    this.touch(sessionId);
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    for (const row of rows) {
      if (!row.in_context) continue;
      const last = entry.rows[entry.rows.length - 1];
      if (last && (last.position > row.position || (last.position === row.position && last.seq > row.seq))) {
        // Out of order: the cheap path would misplace it; read again on the next use.
        this.drop(sessionId);
        return;
      }
      entry.rows.push(row);
      const bytes = rowBytes(row);
      entry.bytes += bytes;
      this.bytes += bytes;
    }
    this.evict();
  }

  /** The session's rows changed in a way the cache cannot follow cheaply (compression, deletion): read again. */
  invalidate(sessionId: string): void {
    this.touch(sessionId);
    this.drop(sessionId);
  }

  /** A transaction starts: the sessions it writes are noted, to be read again if it fails. */
  beginTransaction(): void {
    this.touched = new Set();
  }

  /** The transaction ended; rolled back, every session it touched is read again from the database. */
  endTransaction(committed: boolean): void {
    if (!committed) for (const sessionId of this.touched ?? []) this.drop(sessionId);
    this.touched = null;
  }

  private touch(sessionId: string): void {
    this.touched?.add(sessionId);
  }

  private drop(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const sessionId of this.entries.keys()) {
      if (this.entries.size <= this.maxSessions && this.bytes <= this.maxBytes) return;
      this.drop(sessionId);
    }
  }
}
