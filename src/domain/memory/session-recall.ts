/**
 * @module session-recall
 * What one session left that another can find: the anchors of every session of an owner, newest first, and
 * full-text search over every stored row of them, best first. The API lists them for the caller's owner (an admin's,
 * every owner's); the agent's tools for the owner of the session whose run asks.
 */
import type { Store } from "../../db/store.js";
import type { OwnerFilter, SessionAnchorCursor, SessionAnchorRecord, SessionSearchHit } from "../../db/records.js";
import { notFound } from "../../kernel/errors.js";
import { ownerFilter, visibleTo, type Caller } from "../shared/owner-scope.js";

export const RECALL_LIMIT_MAX = 200;

export type AnchorQuery = {
  kind?: string;
  value?: string;
  q?: string;
  limit: number;
  after?: SessionAnchorCursor;
};

export type AnchorPage = { anchors: SessionAnchorRecord[]; next: SessionAnchorCursor | null };

export type SearchQuery = { q: string; limit: number; offset: number; sessionId?: string };

export type SearchPage = { hits: SessionSearchHit[]; nextOffset: number | null };

export class SessionRecall {
  constructor(private readonly store: Store) {}

  /** The caller's anchors across its sessions (an admin's across every owner's). */
  anchors(caller: Caller, query: AnchorQuery): Promise<AnchorPage> {
    return this.anchorsOf(ownerFilter(caller), query);
  }

  /** An owner's anchors across its sessions, a page at a time, newest first. */
  async anchorsOf(owner: OwnerFilter, query: AnchorQuery): Promise<AnchorPage> {
    const limit = Math.max(1, Math.min(query.limit, RECALL_LIMIT_MAX));
    // A SHA is stored as written, in lowercase nearly always; a short one typed in capitals still finds it.
    const value =
      query.value !== undefined && /^[0-9a-f]{6,39}$/i.test(query.value) ? query.value.toLowerCase() : query.value;
    const anchors = await this.store.sessionAnchors.list({ ...query, value, owner, limit: limit + 1 });
    const page = anchors.slice(0, limit);
    const last = page.at(-1);
    return {
      anchors: page,
      next: anchors.length > limit && last ? { last_seen_at: last.last_seen_at, id: last.id } : null,
    };
  }

  /** Search over the caller's sessions (an admin's over every owner's), or one of them. */
  async search(caller: Caller, query: SearchQuery): Promise<SearchPage> {
    if (query.sessionId !== undefined) {
      const session = await this.store.sessions.get(query.sessionId);
      if (!session || !visibleTo(caller, session.owner)) throw notFound("session", query.sessionId);
    }
    return this.searchOf(ownerFilter(caller), query);
  }

  /** Search over an owner's sessions, a page at a time, best first. */
  async searchOf(owner: OwnerFilter, query: SearchQuery): Promise<SearchPage> {
    const limit = Math.max(1, Math.min(query.limit, RECALL_LIMIT_MAX));
    const hits = await this.store.search.searchAll(query.q, limit + 1, owner, {
      sessionId: query.sessionId,
      offset: query.offset,
    });
    return { hits: hits.slice(0, limit), nextOffset: hits.length > limit ? query.offset + limit : null };
  }
}
