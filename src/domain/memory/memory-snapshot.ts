/**
 * @module memory-snapshot
 * The owner's memory frozen into a session when it starts: both stores rendered once into a block, stored on the
 * session's row, that every turn appends to its system prompt byte for byte (../shared/memory-block.ts), so the
 * prompt (and the provider's prompt cache) stays the same while the memory changes; a change shows from the next
 * session on.
 */
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

export class MemorySnapshots {
  constructor(private readonly stores: MemoryStores) {}

  /** The block a new session of `owner` freezes: the owner's memory as it is now; null when both stores are empty. */
  async blockFor(owner: string | null): Promise<string | null> {
    const { memory, user } = await this.stores.both(owner);
    return renderMemoryBlock(memory, user);
  }
}
