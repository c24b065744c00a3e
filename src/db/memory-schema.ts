/**
 * @module memory-schema
 * The SQLite tables of what crosses sessions: each session's anchors grouped by kind and value (kept by triggers on
 * message_anchors, read by the cross-session anchor list), each owner's memory entries (the `memory` and `user`
 * stores). The memory a session froze when it started is on its own row (sessions.memory_block). Exported through
 * ./schema.ts.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * One row per session, kind and value of message_anchors: how many rows it is in, the first and last of them and when
 * the last was stored. Written only by the `message_anchors_grouped` trigger (see the migration), so forks, older
 * sessions indexed on first read and new rows all keep it in step; the owner is the session's, copied so one index
 * answers an owner's newest anchors.
 */
export const anchorGroups = sqliteTable(
  "anchor_groups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id").notNull(),
    owner: text("owner"),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    rows: integer("rows").notNull(),
    firstSeq: integer("first_seq").notNull(),
    lastSeq: integer("last_seq").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (t) => [
    uniqueIndex("anchor_groups_key_idx").on(t.sessionId, t.kind, t.value),
    index("anchor_groups_recent_idx").on(t.owner, t.lastSeenAt, t.id),
    index("anchor_groups_kind_idx").on(t.owner, t.kind, t.lastSeenAt, t.id),
    index("anchor_groups_value_idx").on(t.owner, t.value),
  ],
);

/** An owner's memory entries: `memory` (the agent's notes) and `user` (the user's profile), in the order written. */
export const memoryEntries = sqliteTable(
  "memory_entries",
  {
    id: text("id").primaryKey(),
    /** Whose memory it is: the owner of the API key that wrote it; null for the server key's. */
    owner: text("owner"),
    store: text("store", { enum: ["memory", "user"] }).notNull(),
    content: text("content").notNull(),
    /** Who wrote it: `api` (a client) or `agent` (the memory tool in a session's run). */
    source: text("source").notNull(),
    /** The session whose run wrote it, for an entry the agent wrote. */
    sessionId: text("session_id"),
    /** JSON array of the provenance the run had taken in when the agent wrote it (empty: trusted only). */
    provenanceJson: text("provenance_json").notNull().default("[]"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("memory_entries_owner_idx").on(t.owner, t.store, t.createdAt)],
);
