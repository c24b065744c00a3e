/**
 * @module present
 * Memory entries and stores as the API answers them: ISO times, no owner.
 */
import type { Services } from "../../services.js";
import type { GetMemoryResponse, MemoryEntryResponse } from "./schemas.js";

type Entry = Awaited<ReturnType<Services["memory"]["require"]>>;
type Stores = Awaited<ReturnType<Services["memory"]["both"]>>;

export function presentMemoryEntry(entry: Entry): MemoryEntryResponse {
  return {
    id: entry.id,
    store: entry.store,
    content: entry.content,
    source: entry.source,
    session_id: entry.session_id,
    provenance: entry.provenance,
    created_at: new Date(entry.created_at).toISOString(),
    updated_at: new Date(entry.updated_at).toISOString(),
  };
}

export function presentMemory(stores: Stores): GetMemoryResponse {
  const view = (store: Stores["memory"]) => ({ ...store, entries: store.entries.map(presentMemoryEntry) });
  return { memory: view(stores.memory), user: view(stores.user) };
}
