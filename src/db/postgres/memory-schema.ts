/**
 * @module memory-schema
 * The PostgreSQL tables of what crosses sessions, as ../../memory-schema.ts has them for SQLite: anchors grouped per
 * session (kept by a trigger on message_anchors) and memory entries per owner.
 * The anchor values carry a trigram index (pg_trgm) so a substring `q` is answered from an index too.
 */
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { int8, text } from "./column-types.js";

export const anchorGroups = pgTable(
  "anchor_groups",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: text("session_id").notNull(),
    owner: text("owner"),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    rows: integer("rows").notNull(),
    firstSeq: integer("first_seq").notNull(),
    lastSeq: integer("last_seq").notNull(),
    lastSeenAt: int8("last_seen_at").notNull(),
  },
  (t) => [
    uniqueIndex("anchor_groups_key_idx").on(t.sessionId, t.kind, t.value),
    index("anchor_groups_recent_idx").on(t.owner, t.lastSeenAt, t.id),
    index("anchor_groups_kind_idx").on(t.owner, t.kind, t.lastSeenAt, t.id),
    index("anchor_groups_value_idx").on(t.owner, t.value.op("text_pattern_ops")),
    index("anchor_groups_trigram_idx").using("gin", sql`lower(${t.value}) gin_trgm_ops`),
  ],
);

export const memoryEntries = pgTable(
  "memory_entries",
  {
    id: text("id").primaryKey(),
    owner: text("owner"),
    store: text("store").notNull(),
    content: text("content").notNull(),
    source: text("source").notNull(),
    sessionId: text("session_id"),
    provenanceJson: text("provenance_json").notNull().default("[]"),
    createdAt: int8("created_at").notNull(),
    updatedAt: int8("updated_at").notNull(),
  },
  (t) => [index("memory_entries_owner_idx").on(t.owner, t.store, t.createdAt)],
);
