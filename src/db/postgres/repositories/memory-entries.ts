/**
 * @module memory-entries
 * Each owner's memory entries on PostgreSQL, as the SQLite repository (../../repositories/memory-entries.ts) keeps
 * them: in the `memory` and `user` stores, oldest first.
 */
import { and, asc, eq } from "drizzle-orm";
import type { MemoryEntryRecord, MemoryEntryRepository, MemoryStoreName } from "../../memory-records.js";
import { ownedBy } from "../../rows/owner-filter.js";
import { memoryEntryInsertValues, memoryEntryRecordOf } from "../../rows/memory-entries.js";
import type { PgConnection } from "../connection.js";
import { memoryEntries } from "../schema.js";

export class PgMemoryEntryRepository implements MemoryEntryRepository {
  constructor(private readonly conn: PgConnection) {}

  async list(owner: string | null, store?: MemoryStoreName): Promise<MemoryEntryRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(memoryEntries)
      .where(and(ownedBy(memoryEntries.owner, { owner }), store ? eq(memoryEntries.store, store) : undefined))
      .orderBy(asc(memoryEntries.createdAt), asc(memoryEntries.id));
    return rows.map(memoryEntryRecordOf);
  }

  async get(owner: string | null, store: MemoryStoreName, id: string): Promise<MemoryEntryRecord | null> {
    const [row] = await this.conn.exec
      .select()
      .from(memoryEntries)
      .where(and(eq(memoryEntries.id, id), eq(memoryEntries.store, store), ownedBy(memoryEntries.owner, { owner })));
    return row ? memoryEntryRecordOf(row) : null;
  }

  async insert(entry: MemoryEntryRecord): Promise<void> {
    await this.conn.exec.insert(memoryEntries).values(memoryEntryInsertValues(entry));
  }

  async updateContent(id: string, content: string, now: number): Promise<void> {
    await this.conn.exec.update(memoryEntries).set({ content, updatedAt: now }).where(eq(memoryEntries.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.conn.exec.delete(memoryEntries).where(eq(memoryEntries.id, id));
  }
}
