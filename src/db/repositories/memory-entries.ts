/**
 * @module memory-entries
 * Each owner's memory entries, in the `memory` and `user` stores, oldest first.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../database.js";
import type { MemoryEntryRecord, MemoryEntryRepository, MemoryStoreName } from "../memory-records.js";
import { memoryEntries } from "../schema.js";
import { ownedBy } from "../rows/owner-filter.js";
import { memoryEntryInsertValues, memoryEntryRecordOf } from "../rows/memory-entries.js";
import type { Sync } from "../store.js";

export class SqliteMemoryEntryRepository implements Sync<MemoryEntryRepository> {
  constructor(private readonly db: Db) {}

  list(owner: string | null, store?: MemoryStoreName): MemoryEntryRecord[] {
    return this.db
      .select()
      .from(memoryEntries)
      .where(and(ownedBy(memoryEntries.owner, { owner }), store ? eq(memoryEntries.store, store) : undefined))
      .orderBy(asc(memoryEntries.createdAt), asc(memoryEntries.id))
      .all()
      .map(memoryEntryRecordOf);
  }

  get(owner: string | null, store: MemoryStoreName, id: string): MemoryEntryRecord | null {
    const row = this.db
      .select()
      .from(memoryEntries)
      .where(and(eq(memoryEntries.id, id), eq(memoryEntries.store, store), ownedBy(memoryEntries.owner, { owner })))
      .get();
    return row ? memoryEntryRecordOf(row) : null;
  }

  insert(entry: MemoryEntryRecord): void {
    this.db.insert(memoryEntries).values(memoryEntryInsertValues(entry)).run();
  }

  updateContent(id: string, content: string, now: number): void {
    this.db.update(memoryEntries).set({ content, updatedAt: now }).where(eq(memoryEntries.id, id)).run();
  }

  delete(id: string): void {
    this.db.delete(memoryEntries).where(eq(memoryEntries.id, id)).run();
  }
}
