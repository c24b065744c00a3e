/**
 * @module session-anchors
 * The `anchor_groups` table read across sessions: an owner's anchors, newest first, each with its session's title and
 * whether it is still in that session's context. Every filter is answered from an index of the table: the owner's
 * newest (owner, last_seen_at, id), an exact value or a hex prefix (owner, value); a substring `q` walks the owner's
 * newest in index order until the page is full.
 */
import type Database from "better-sqlite3";
import type { SessionAnchorFilter, SessionAnchorRecord } from "../memory-records.js";
import type { SessionAnchorRepository } from "../memory-records.js";
import type { Sync } from "../store.js";
import { HEX_PREFIX } from "../rows/anchor-values.js";

/**
 * Whether a row of the anchor is still in the context. The rows in a context are a head and a tail of the transcript
 * (compression takes out what lies between; summary rows carry no anchors), so an anchor is in the context exactly
 * when its first or its last row is.
 */
const IN_CONTEXT = `coalesce((select max(m.in_context) from messages m
  where m.session_id = g.session_id and m.seq in (g.first_seq, g.last_seq)), 0)`;

export class SqliteSessionAnchorRepository implements Sync<SessionAnchorRepository> {
  /** One prepared statement per shape of filter: which conditions it has decides which index the planner takes. */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly sqlite: Database.Database) {}

  private statement(filter: SessionAnchorFilter, prefix: boolean): Database.Statement {
    const conditions: string[] = [];
    if (filter.owner) conditions.push(filter.owner.owner === null ? "g.owner is null" : "g.owner = @owner");
    if (filter.kind !== undefined) conditions.push("g.kind = @kind");
    if (filter.value !== undefined)
      conditions.push(prefix ? "g.value >= @value and g.value < @value_end" : "g.value = @value");
    if (filter.q !== undefined) conditions.push("instr(lower(g.value), lower(@q)) > 0");
    if (filter.after) conditions.push("(g.last_seen_at, g.id) < (@after_at, @after_id)");
    const key = conditions.join(" and ");
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.sqlite.prepare(`
        select g.id as id, g.session_id as session_id, s.title as session_title, g.kind as kind, g.value as value,
               g.rows as rows, g.first_seq as first_seq, g.last_seq as last_seq, g.last_seen_at as last_seen_at,
               ${IN_CONTEXT} as in_context
        from anchor_groups g join sessions s on s.id = g.session_id
        ${conditions.length > 0 ? `where ${key}` : ""}
        order by g.last_seen_at desc, g.id desc
        limit @limit`);
      this.statements.set(key, statement);
    }
    return statement;
  }

  list(filter: SessionAnchorFilter): SessionAnchorRecord[] {
    const prefix = filter.value !== undefined && HEX_PREFIX.test(filter.value);
    const params: Record<string, string | number> = { limit: filter.limit };
    if (filter.owner?.owner) params.owner = filter.owner.owner;
    if (filter.kind !== undefined) params.kind = filter.kind;
    if (filter.value !== undefined) params.value = filter.value;
    // Past every hex digit: the values from `value` up to this one are exactly those it begins.
    if (prefix) params.value_end = `${filter.value}g`;
    if (filter.q !== undefined) params.q = filter.q;
    if (filter.after) {
      params.after_at = filter.after.last_seen_at;
      params.after_id = filter.after.id;
    }
    const rows = this.statement(filter, prefix).all(params) as Array<
      Omit<SessionAnchorRecord, "in_context"> & { in_context: number }
    >;
    return rows.map((row) => ({ ...row, in_context: row.in_context === 1 }));
  }
}
