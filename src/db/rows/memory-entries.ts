/**
 * @module memory-entries
 * The `memory_entries` table's rows as both stores write and read them (the same columns in each dialect): the
 * record of a row and a new entry's values.
 */
import type { memoryEntries } from "../schema.js";
import type { MemoryEntryRecord } from "../memory-records.js";

type Row = typeof memoryEntries.$inferSelect;
type Insert = typeof memoryEntries.$inferInsert;

export function memoryEntryInsertValues(entry: MemoryEntryRecord): Insert {
  return {
    id: entry.id,
    owner: entry.owner,
    store: entry.store,
    content: entry.content,
    source: entry.source,
    sessionId: entry.session_id,
    provenanceJson: JSON.stringify(entry.provenance),
    createdAt: entry.created_at,
    updatedAt: entry.updated_at,
  };
}

export function memoryEntryRecordOf(
  row: Pick<Row, keyof Row> | (Omit<Row, "store"> & { store: string }),
): MemoryEntryRecord {
  return {
    id: row.id,
    owner: row.owner,
    store: row.store === "user" ? "user" : "memory",
    content: row.content,
    source: row.source === "agent" ? "agent" : "api",
    session_id: row.sessionId,
    provenance: JSON.parse(row.provenanceJson) as string[],
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
