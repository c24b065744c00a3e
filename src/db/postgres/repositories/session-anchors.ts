/**
 * @module session-anchors
 * The `anchor_groups` table on PostgreSQL, read across sessions as the SQLite repository
 * (../../repositories/session-anchors.ts) reads it: newest first, from the (owner, last_seen_at, id) index, an exact
 * value or hex prefix from (owner, value text_pattern_ops), and a substring `q` from the trigram index on the value.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SessionAnchorFilter, SessionAnchorRecord, SessionAnchorRepository } from "../../memory-records.js";
import { HEX_PREFIX } from "../../rows/anchor-values.js";
import type { PgConnection } from "../connection.js";

/** `q` as a LIKE pattern that matches it anywhere, its own wildcards and escapes taken literally. */
const containing = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = Omit<SessionAnchorRecord, "id" | "last_seen_at"> & { id: string | number; last_seen_at: string | number };

export class PgSessionAnchorRepository implements SessionAnchorRepository {
  constructor(private readonly conn: PgConnection) {}

  async list(filter: SessionAnchorFilter): Promise<SessionAnchorRecord[]> {
    const conditions: SQL[] = [];
    if (filter.owner)
      conditions.push(filter.owner.owner === null ? sql`g.owner is null` : sql`g.owner = ${filter.owner.owner}`);
    if (filter.kind !== undefined) conditions.push(sql`g.kind = ${filter.kind}`);
    if (filter.value !== undefined)
      conditions.push(
        HEX_PREFIX.test(filter.value) ? sql`g.value like ${`${filter.value}%`}` : sql`g.value = ${filter.value}`,
      );
    if (filter.q !== undefined) conditions.push(sql`lower(g.value) like ${containing(filter.q)}`);
    if (filter.after) conditions.push(sql`(g.last_seen_at, g.id) < (${filter.after.last_seen_at}, ${filter.after.id})`);
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    // In the context exactly when its first or last row is (see the SQLite repository).
    const result = await this.conn.exec.execute<Row>(sql`
      select g.id, g.session_id, s.title as session_title, g.kind, g.value, g.rows, g.first_seq, g.last_seq,
             g.last_seen_at,
             coalesce((select bool_or(m.in_context) from messages m
                       where m.session_id = g.session_id and m.seq in (g.first_seq, g.last_seq)), false) as in_context
      from anchor_groups g join sessions s on s.id = g.session_id
      ${where}
      order by g.last_seen_at desc, g.id desc
      limit ${filter.limit}`);
    // bigint: the driver answers it as a string.
    return result.rows.map((row) => ({ ...row, id: Number(row.id), last_seen_at: Number(row.last_seen_at) }));
  }
}
