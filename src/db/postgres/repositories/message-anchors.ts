/**
 * @module message-anchors
 * The `message_anchors` table on PostgreSQL: each identifier found in each stored row, by seq, read as an index for
 * the whole transcript, a seq range or given rows. Behaves as the SQLite repository
 * (../../repositories/message-anchors.ts) does, answering the same records.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnchorFilter } from "../../records.js";
import type { MessageAnchorRepository } from "../../store.js";
import type { TranscriptAnchor } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { substringOf } from "./anchors.js";

export class PgMessageAnchorRepository implements MessageAnchorRepository {
  constructor(private readonly conn: PgConnection) {}

  /** A row's anchors in one statement; one already stored for the row is left as it is. */
  async add(sessionId: string, seq: number, anchors: Array<{ kind: string; value: string }>): Promise<void> {
    if (anchors.length === 0) return;
    await this.conn.exec.execute(sql`
      insert into message_anchors (session_id, seq, kind, value)
      select ${sessionId}, ${seq}, item.kind, item.value
      from unnest(
        ${sql.param(anchors.map((anchor) => anchor.kind))}::text[],
        ${sql.param(anchors.map((anchor) => anchor.value))}::text[]
      ) as item(kind, value)
      on conflict do nothing`);
  }

  /** The groups the filter selects: one per kind and value, over the rows of the transcript it names. */
  private grouped(sessionId: string, filter: AnchorFilter): SQL {
    const conditions = [sql`a.session_id = ${sessionId}`];
    if (filter.kind !== undefined) conditions.push(sql`a.kind = ${filter.kind}`);
    if (filter.q !== undefined) conditions.push(substringOf(sql`a.value`, filter.q));
    if (filter.seqs !== undefined) conditions.push(sql`a.seq = any(${sql.param(filter.seqs)}::integer[])`);
    const having = filter.inContext === undefined ? sql`` : sql`having bool_or(m.in_context) = ${filter.inContext}`;
    return sql`
      from message_anchors a join messages m on m.session_id = a.session_id and m.seq = a.seq
      where ${sql.join(conditions, sql` and `)}
      group by a.kind, a.value
      ${having}`;
  }

  /** Most rows first, then most recent. */
  async list(sessionId: string, filter: AnchorFilter = {}): Promise<TranscriptAnchor[]> {
    const limit = filter.limit === undefined ? sql`` : sql`limit ${filter.limit}`;
    const result = await this.conn.exec.execute<TranscriptAnchor>(sql`
      select a.kind as kind, a.value as value, count(*)::integer as count, min(a.seq) as first_seq,
             max(a.seq) as last_seq, bool_or(m.in_context) as in_context
      ${this.grouped(sessionId, filter)}
      order by count desc, last_seq desc, a.value collate "C" asc
      ${limit} offset ${filter.offset ?? 0}`);
    return result.rows;
  }

  async count(sessionId: string, filter: AnchorFilter = {}): Promise<number> {
    const result = await this.conn.exec.execute<{ n: number }>(
      sql`select count(*)::integer as n from (select 1 ${this.grouped(sessionId, filter)}) as anchor_groups`,
    );
    return result.rows[0]?.n ?? 0;
  }
}
