/**
 * @module anchors
 * The `anchors` table on PostgreSQL: each session's index of identifiers from its compacted turns, one row per kind
 * and value, with how often it was seen and the seq range it was seen in. Behaves as the SQLite repository
 * (../../repositories/anchors.ts) does, answering the same records.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnchorRepository } from "../../store.js";
import type { AnchorRecord } from "../../records.js";
import type { PgConnection } from "../connection.js";

/**
 * The items with one entry per kind and value, as SQLite's one-at-a-time upsert leaves them (counts added, seq range
 * widened): one statement cannot insert a key and then update it. Sorted, so concurrent upserts lock rows in the same
 * order and cannot deadlock.
 */
function mergeByKey(items: AnchorRecord[]): AnchorRecord[] {
  const byKey = new Map<string, AnchorRecord>();
  for (const item of items) {
    const key = `${item.kind}\u0000${item.value}`;
    const known = byKey.get(key);
    if (!known) byKey.set(key, { ...item });
    else {
      known.count += item.count;
      known.first_seq = Math.min(known.first_seq, item.first_seq);
      known.last_seq = Math.max(known.last_seq, item.last_seq);
    }
  }
  return [...byKey.values()].sort((a, b) =>
    a.kind === b.kind ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) : a.kind < b.kind ? -1 : 1,
  );
}

/**
 * Whether `q` is in the column's text, case folded as SQLite's `lower()` folds it (ASCII letters only): under the "C"
 * collation, whatever locale the database was created with. The lists order values under it too, by their bytes, as
 * SQLite does.
 */
export const substringOf = (column: SQL, q: string): SQL =>
  sql`strpos(lower(${column} collate "C"), lower(${q} collate "C")) > 0`;

export class PgAnchorRepository implements AnchorRepository {
  constructor(private readonly conn: PgConnection) {}

  /** Adds the anchors of a compacted span; known ones get their counts and seq range widened. Returns how many were new. */
  async upsert(sessionId: string, items: AnchorRecord[]): Promise<number> {
    if (items.length === 0) return 0;
    const merged = mergeByKey(items);
    // One statement for the whole span (a long one yields thousands): the columns as arrays, unnested into rows. A
    // row that was inserted, not updated, has no xmax yet.
    const result = await this.conn.exec.execute<{ inserted: boolean }>(sql`
      insert into anchors (session_id, kind, value, count, first_seq, last_seq)
      select ${sessionId}, item.kind, item.value, item.count, item.first_seq, item.last_seq
      from unnest(
        ${sql.param(merged.map((item) => item.kind))}::text[],
        ${sql.param(merged.map((item) => item.value))}::text[],
        ${sql.param(merged.map((item) => item.count))}::integer[],
        ${sql.param(merged.map((item) => item.first_seq))}::integer[],
        ${sql.param(merged.map((item) => item.last_seq))}::integer[]
      ) as item(kind, value, count, first_seq, last_seq)
      on conflict (session_id, kind, value) do update set
        count = anchors.count + excluded.count,
        first_seq = least(anchors.first_seq, excluded.first_seq),
        last_seq = greatest(anchors.last_seq, excluded.last_seq)
      returning (xmax = 0) as inserted`);
    return result.rows.filter((row) => row.inserted).length;
  }

  /** Most frequent first, then most recent; `q` matches a substring of the value (case-insensitive). */
  async list(sessionId: string, filter: { kind?: string; q?: string; limit?: number } = {}): Promise<AnchorRecord[]> {
    const conditions = [sql`session_id = ${sessionId}`];
    if (filter.kind !== undefined) conditions.push(sql`kind = ${filter.kind}`);
    if (filter.q !== undefined) conditions.push(substringOf(sql`value`, filter.q));
    const limit = filter.limit === undefined ? sql`` : sql`limit ${filter.limit}`;
    const result = await this.conn.exec.execute<AnchorRecord>(sql`
      select kind, value, count, first_seq, last_seq from anchors
      where ${sql.join(conditions, sql` and `)}
      order by count desc, last_seq desc, value collate "C" asc
      ${limit}`);
    return result.rows;
  }
}
