import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { anchors } from "../schema.js";

export type AnchorRecord = { kind: string; value: string; count: number; first_seq: number; last_seq: number };

export class AnchorRepository {
  constructor(private readonly db: Db) {}

  /** Adds the anchors of a compacted span; known ones get their counts and seq range widened. Returns how many were new. */
  upsert(sessionId: string, items: AnchorRecord[]): number {
    let added = 0;
    for (const item of items) {
      const existing = this.db
        .select({ count: anchors.count })
        .from(anchors)
        .where(and(eq(anchors.sessionId, sessionId), eq(anchors.kind, item.kind), eq(anchors.value, item.value)))
        .get();
      if (!existing) added += 1;
      this.db
        .insert(anchors)
        .values({ sessionId, kind: item.kind, value: item.value, count: item.count, firstSeq: item.first_seq, lastSeq: item.last_seq })
        .onConflictDoUpdate({
          target: [anchors.sessionId, anchors.kind, anchors.value],
          set: {
            count: sql`${anchors.count} + excluded.count`,
            firstSeq: sql`min(${anchors.firstSeq}, excluded.first_seq)`,
            lastSeq: sql`max(${anchors.lastSeq}, excluded.last_seq)`,
          },
        })
        .run();
    }
    return added;
  }

  /** Most frequent first, then most recent; `q` matches a substring of the value (case-insensitive). */
  list(sessionId: string, filter: { kind?: string; q?: string; limit?: number } = {}): AnchorRecord[] {
    const conditions = [eq(anchors.sessionId, sessionId)];
    if (filter.kind) conditions.push(eq(anchors.kind, filter.kind));
    if (filter.q) conditions.push(sql`instr(lower(${anchors.value}), lower(${filter.q})) > 0`);
    const query = this.db
      .select()
      .from(anchors)
      .where(and(...conditions))
      .orderBy(desc(anchors.count), desc(anchors.lastSeq), asc(anchors.value));
    const rows = filter.limit ? query.limit(filter.limit).all() : query.all();
    return rows.map((row) => ({ kind: row.kind, value: row.value, count: row.count, first_seq: row.firstSeq, last_seq: row.lastSeq }));
  }
}
