/**
 * @module anchors
 * The `anchors` table: each session's index of identifiers from its compacted turns, one row per kind and value,
 * with how often it was seen and the seq range it was seen in.
 */
import type Database from "better-sqlite3";
import type { AnchorRecord } from "../records.js";
import type { AnchorRepository, Sync } from "../store.js";

/** The per-session anchor index. Plain prepared statements: a long span yields thousands of anchors per compression. */
export class SqliteAnchorRepository implements Sync<AnchorRepository> {
  private readonly insertNew: Database.Statement;
  private readonly widen: Database.Statement;
  private readonly listAll: Database.Statement;

  constructor(sqlite: Database.Database) {
    this.insertNew = sqlite.prepare(
      "insert or ignore into anchors (session_id, kind, value, count, first_seq, last_seq) values (@session_id, @kind, @value, @count, @first_seq, @last_seq)",
    );
    this.widen = sqlite.prepare(
      "update anchors set count = count + @count, first_seq = min(first_seq, @first_seq), last_seq = max(last_seq, @last_seq) " +
        "where session_id = @session_id and kind = @kind and value = @value",
    );
    this.listAll = sqlite.prepare(
      "select kind, value, count, first_seq, last_seq from anchors where session_id = @session_id " +
        "and (@kind is null or kind = @kind) and (@q is null or instr(lower(value), lower(@q)) > 0) " +
        "order by count desc, last_seq desc, value asc limit @limit",
    );
  }

  /** Adds the anchors of a compacted span; known ones get their counts and seq range widened. Returns how many were new. */
  upsert(sessionId: string, items: AnchorRecord[]): number {
    let added = 0;
    for (const item of items) {
      const row = {
        session_id: sessionId,
        kind: item.kind,
        value: item.value,
        count: item.count,
        first_seq: item.first_seq,
        last_seq: item.last_seq,
      };
      if (this.insertNew.run(row).changes === 1) added += 1;
      else this.widen.run(row);
    }
    return added;
  }

  /** Most frequent first, then most recent; `q` matches a substring of the value (case-insensitive). */
  list(sessionId: string, filter: { kind?: string; q?: string; limit?: number } = {}): AnchorRecord[] {
    return this.listAll.all({
      session_id: sessionId,
      kind: filter.kind ?? null,
      q: filter.q ?? null,
      limit: filter.limit ?? -1,
    }) as AnchorRecord[];
  }
}
