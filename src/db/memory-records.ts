/**
 * @module memory-records
 * The records of what crosses sessions, and the repository contracts that answer them: anchors across an owner's
 * sessions and memory entries per owner. Plain data, times in epoch milliseconds.
 */
import type { OwnerFilter } from "./access-records.js";

/** One session's anchor (kind and value) with its counts, as the cross-session list answers it. */
export type SessionAnchorRecord = {
  /** The group's own id: with last_seen_at, where the next page starts. */
  id: number;
  session_id: string;
  session_title: string | null;
  kind: string;
  value: string;
  /** Rows of the session it occurs in. */
  rows: number;
  first_seq: number;
  last_seq: number;
  /** Whether a row of it is still in the session's context. */
  in_context: boolean;
  /** When the newest row it occurs in was stored. */
  last_seen_at: number;
};

/** Where a page of the cross-session anchor list ends: the next starts after this group. */
export type SessionAnchorCursor = { last_seen_at: number; id: number };

/** Which anchors across sessions to list, newest first. */
export type SessionAnchorFilter = {
  owner: OwnerFilter;
  kind?: string;
  /** The value exactly; a lowercase hex string of 6–39 digits is a prefix (a short SHA finds the full one). */
  value?: string;
  /** A case-insensitive substring of the value. */
  q?: string;
  limit: number;
  after?: SessionAnchorCursor;
};

export interface SessionAnchorRepository {
  /** Newest first (by when the anchor was last seen), one indexed query. */
  list(filter: SessionAnchorFilter): Promise<SessionAnchorRecord[]>;
}

export type MemoryStoreName = "memory" | "user";

export type MemoryEntryRecord = {
  id: string;
  owner: string | null;
  store: MemoryStoreName;
  content: string;
  /** `api` (a client wrote it) or `agent` (the memory tool did). */
  source: "api" | "agent";
  session_id: string | null;
  /** Untrusted sources the run had taken in when the agent wrote it; empty when it had taken in none. */
  provenance: string[];
  created_at: number;
  updated_at: number;
};

export interface MemoryEntryRepository {
  /** The owner's entries of a store (both stores without one), oldest first. */
  list(owner: string | null, store?: MemoryStoreName): Promise<MemoryEntryRecord[]>;
  get(owner: string | null, store: MemoryStoreName, id: string): Promise<MemoryEntryRecord | null>;
  insert(entry: MemoryEntryRecord): Promise<void>;
  updateContent(id: string, content: string, now: number): Promise<void>;
  delete(id: string): Promise<void>;
}
