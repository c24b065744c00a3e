/**
 * @module context-reader
 * What the API reads of a session's context: the active context, the summary versions, the anchors and transcript
 * search, each for a session that must exist. Nothing here writes.
 */
import type { Config } from "../../config/schema.js";
import type { Store } from "../../db/store.js";
import type { SessionService } from "../sessions/service.js";
import { readContext, type ContextSnapshot } from "./context-view.js";
import { searchAllTranscripts, searchTranscript } from "./session-search.js";
import type { OwnerFilter, SearchHit, SessionSearchHit, SummaryRecord, TranscriptAnchor } from "../../db/records.js";
import type { Transcript } from "../transcript/transcript.js";
import type { Role } from "../../kernel/chat.js";

/** Read-only views of a session's context: the active context, summary versions, anchors, search. */
export class ContextReader {
  constructor(
    private readonly config: Config,
    private readonly store: Store,
    private readonly sessions: SessionService,
    private readonly transcript: Transcript,
  ) {}

  async view(sessionId: string): Promise<ContextSnapshot> {
    return readContext(this.config, this.store, await this.sessions.require(sessionId));
  }

  async summaries(sessionId: string): Promise<SummaryRecord[]> {
    await this.sessions.require(sessionId);
    return this.store.summaries.list(sessionId);
  }

  /** The anchors of the whole transcript, a page at a time (by offset), with how many match in all. */
  async anchors(
    sessionId: string,
    filter: { kind?: string; q?: string; inContext?: boolean; limit: number; offset: number },
  ): Promise<{ anchors: TranscriptAnchor[]; total: number; nextOffset: number | null }> {
    await this.sessions.require(sessionId);
    await this.transcript.indexOlderAnchors(sessionId);
    const anchors = await this.store.messageAnchors.list(sessionId, filter);
    const total = await this.store.messageAnchors.count(sessionId, filter);
    const next = filter.offset + anchors.length;
    return { anchors, total, nextOffset: next < total ? next : null };
  }

  async search(
    sessionId: string,
    query: string,
    options: { role?: Role | null; limit?: number },
  ): Promise<SearchHit[]> {
    await this.sessions.require(sessionId);
    return searchTranscript(this.store, sessionId, query, options);
  }

  /** Search over every session's transcript (one owner's sessions, with a filter). */
  searchAll(query: string, limit?: number, owner: OwnerFilter = null): Promise<SessionSearchHit[]> {
    return searchAllTranscripts(this.store, query, limit, owner);
  }
}
