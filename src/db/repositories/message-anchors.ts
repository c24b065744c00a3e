/**
 * @module message-anchors
 * The `message_anchors` table: each identifier found in each stored row, by seq. Read as an index — one entry per
 * kind and value, with how many rows it is in, the first and last of them, and whether any of them is still in the
 * context — for the whole transcript, a seq range or given rows.
 */
import type Database from "better-sqlite3";
import type { TranscriptAnchor, AnchorFilter } from "../records.js";
import type { MessageAnchorRepository, Sync } from "../store.js";

export class SqliteMessageAnchorRepository implements Sync<MessageAnchorRepository> {
  private readonly insertOne: Database.Statement;
  private readonly listStatement: Database.Statement;
  private readonly countStatement: Database.Statement;

  constructor(sqlite: Database.Database) {
    this.insertOne = sqlite.prepare(
      "insert or ignore into message_anchors (session_id, seq, kind, value) values (@session_id, @seq, @kind, @value)",
    );
    const where = `
      from message_anchors a join messages m on m.session_id = a.session_id and m.seq = a.seq
      where a.session_id = @session_id and (@kind is null or a.kind = @kind)
        and (@q is null or instr(lower(a.value), lower(@q)) > 0)
        and (@seqs is null or a.seq in (select value from json_each(@seqs)))
      group by a.kind, a.value
      having (@in_context is null or max(m.in_context) = @in_context)`;
    this.listStatement = sqlite.prepare(`
      select a.kind as kind, a.value as value, count(*) as count, min(a.seq) as first_seq, max(a.seq) as last_seq,
             max(m.in_context) as in_context
      ${where}
      order by count desc, last_seq desc, a.value asc
      limit @limit offset @offset`);
    this.countStatement = sqlite.prepare(`select count(*) as n from (select 1 ${where})`);
  }

  add(sessionId: string, seq: number, anchors: Array<{ kind: string; value: string }>): void {
    for (const anchor of anchors)
      this.insertOne.run({ session_id: sessionId, seq, kind: anchor.kind, value: anchor.value });
  }

  private params(sessionId: string, filter: AnchorFilter) {
    return {
      session_id: sessionId,
      kind: filter.kind ?? null,
      q: filter.q ?? null,
      in_context: filter.inContext === undefined ? null : filter.inContext ? 1 : 0,
      seqs: filter.seqs ? JSON.stringify(filter.seqs) : null,
    };
  }

  /** Most rows first, then most recent. */
  list(sessionId: string, filter: AnchorFilter = {}): TranscriptAnchor[] {
    const rows = this.listStatement.all({
      ...this.params(sessionId, filter),
      limit: filter.limit ?? -1,
      offset: filter.offset ?? 0,
    }) as Array<Omit<TranscriptAnchor, "in_context"> & { in_context: number }>;
    return rows.map((row) => ({ ...row, in_context: row.in_context === 1 }));
  }

  count(sessionId: string, filter: AnchorFilter = {}): number {
    return (this.countStatement.get(this.params(sessionId, filter)) as { n: number }).n;
  }
}
