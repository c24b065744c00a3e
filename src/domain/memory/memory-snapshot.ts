/**
 * @module memory-snapshot
 * The owner's memory frozen into a session when it starts: both stores rendered once into a block that every turn
 * of the session appends to its system prompt byte for byte, so the prompt (and the provider's prompt cache) stays
 * the same while the memory changes; a change shows from the next session on.
 */
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { ENTRY_DELIMITER, type MemoryStores, type MemoryStoreView } from "./memory-stores.js";

function section(title: string, view: MemoryStoreView): string | null {
  if (view.entries.length === 0) return null;
  const contents = view.entries.map((entry) => entry.content).join(ENTRY_DELIMITER);
  return `## ${title} [${view.used}/${view.limit} chars]\n${contents}`;
}

/** The memory block of a system prompt, or null when both stores are empty. */
export function renderMemoryBlock(memory: MemoryStoreView, user: MemoryStoreView): string | null {
  const sections = [section("USER PROFILE (who the user is)", user), section("MEMORY (your notes)", memory)].filter(
    (part): part is string => part !== null,
  );
  if (sections.length === 0) return null;
  return (
    "<memory>\nWhat you remember across sessions, as it was when this session started (entries are separated by §; " +
    "change them with the memory tool: changes show from the next session on).\n\n" +
    `${sections.join("\n\n")}\n</memory>`
  );
}

/** The system prompt a session's turns send: its own, then its frozen memory block. */
export function withMemoryBlock(systemPrompt: string | null, block: string | null): string | null {
  if (!block) return systemPrompt;
  return systemPrompt ? `${systemPrompt}\n\n${block}` : block;
}

export class MemorySnapshots {
  constructor(private readonly deps: { store: Store; now: () => number; stores: MemoryStores }) {}

  /** Freezes the owner's memory into the new session (nothing when both stores are empty). */
  async freeze(session: Pick<SessionRecord, "id" | "owner">): Promise<void> {
    const { memory, user } = await this.deps.stores.both(session.owner);
    const block = renderMemoryBlock(memory, user);
    if (block) await this.deps.store.memorySnapshots.put(session.id, block, this.deps.now());
  }
}
