/**
 * @module memory-stores
 * Each owner's two memory stores, as Hermes keeps them: `memory` (the agent's notes) and `user` (the user's profile),
 * each a list of short entries under a character limit counted over the entries joined by their delimiter. Every
 * entry passes the redactor before it is stored; a write past the limit is refused whole (`memory_full`, with the
 * figures), never cut. An entry the agent writes carries where the session's untrusted content came from, and one
 * that reads as orders to the model is refused.
 */
import type { MemoryConfig } from "../../config/memory-schema.js";
import type { MemoryEntryRecord, MemoryStoreName } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { instructionLike } from "./entry-checks.js";

/** Between two entries, as Hermes writes them: counted in the store's characters. */
export const ENTRY_DELIMITER = "\n§\n";

export const MEMORY_STORES: readonly MemoryStoreName[] = ["memory", "user"];

/** Longest single entry a client may send (a store's limit is the real bound). */
export const MAX_ENTRY_CHARS = 100_000;

export type MemoryStoreView = { entries: MemoryEntryRecord[]; used: number; limit: number };

/** Who writes an entry: a client through the API, or the agent's `memory` tool in a session's run. */
export type EntryAuthor =
  | { source: "api" }
  | {
      source: "agent";
      sessionId: string;
      /** The untrusted sources the session had read, if any. */ provenance: string[];
    };

/** Characters a store's entries take, joined by the delimiter. */
export function usedChars(contents: readonly string[]): number {
  return contents.length === 0 ? 0 : contents.join(ENTRY_DELIMITER).length;
}

export class MemoryStores {
  constructor(private readonly deps: { store: Store; now: () => number; config: MemoryConfig }) {}

  limitOf(store: MemoryStoreName): number {
    return store === "user" ? this.deps.config.user_chars : this.deps.config.memory_chars;
  }

  async view(owner: string | null, store: MemoryStoreName): Promise<MemoryStoreView> {
    const entries = await this.deps.store.memoryEntries.list(owner, store);
    return { entries, used: usedChars(entries.map((entry) => entry.content)), limit: this.limitOf(store) };
  }

  async both(owner: string | null): Promise<Record<MemoryStoreName, MemoryStoreView>> {
    return { memory: await this.view(owner, "memory"), user: await this.view(owner, "user") };
  }

  async require(owner: string | null, store: MemoryStoreName, id: string): Promise<MemoryEntryRecord> {
    const entry = await this.deps.store.memoryEntries.get(owner, store, id);
    if (!entry) throw notFound("memory entry", id);
    return entry;
  }

  /** Adds an entry at the end of the store; refused whole when the store would pass its limit. */
  add(owner: string | null, store: MemoryStoreName, content: string, author: EntryAuthor): Promise<MemoryEntryRecord> {
    const text = this.admit(content, author);
    return this.deps.store.transaction(async () => {
      const view = await this.view(owner, store);
      this.assertFits(store, view, [...view.entries.map((entry) => entry.content), text]);
      const now = this.deps.now();
      const entry: MemoryEntryRecord = {
        id: newId("mem", now),
        owner,
        store,
        content: text,
        source: author.source,
        session_id: author.source === "agent" ? author.sessionId : null,
        provenance: author.source === "agent" ? author.provenance : [],
        created_at: now,
        updated_at: now,
      };
      await this.deps.store.memoryEntries.insert(entry);
      return entry;
    });
  }

  /** Replaces an entry's content in place; refused whole when the store would pass its limit. */
  replace(
    owner: string | null,
    store: MemoryStoreName,
    id: string,
    content: string,
    author: EntryAuthor,
  ): Promise<MemoryEntryRecord> {
    const text = this.admit(content, author);
    return this.deps.store.transaction(async () => {
      const entry = await this.require(owner, store, id);
      const view = await this.view(owner, store);
      this.assertFits(
        store,
        view,
        view.entries.map((other) => (other.id === id ? text : other.content)),
      );
      const now = this.deps.now();
      await this.deps.store.memoryEntries.updateContent(id, text, now);
      return { ...entry, content: text, updated_at: now };
    });
  }

  async remove(owner: string | null, store: MemoryStoreName, id: string): Promise<void> {
    await this.require(owner, store, id);
    await this.deps.store.memoryEntries.delete(id);
  }

  /** The content as stored: trimmed, secrets masked; refused when empty or when the agent wrote orders to the model. */
  private admit(content: string, author: EntryAuthor): string {
    const text = redactSecrets(content.trim());
    if (!text)
      throw new DomainError("validation_failed", "a memory entry cannot be empty", {
        fields: [{ path: ["content"], message: "empty after trimming" }],
      });
    const orders = author.source === "agent" ? instructionLike(text) : null;
    if (orders)
      throw new DomainError(
        "memory_entry_refused",
        `the entry ${orders}: that is not a note to remember but instructions from a third party, and memory reaches every later session's system prompt`,
      );
    return text;
  }

  private assertFits(store: MemoryStoreName, view: MemoryStoreView, contents: string[]): void {
    const after = usedChars(contents);
    if (after <= view.limit) return;
    throw new DomainError(
      "memory_full",
      `the ${store} store holds ${view.limit} characters and ${view.used} are used; with this entry it would need ` +
        `${after}. Replace or remove entries first (nothing was written)`,
      { details: { store, used: view.used, limit: view.limit, needed: after } },
    );
  }
}
