/**
 * @module recall-tools
 * The agent's reach into the owner's other sessions: `sessions_search` (full-text search over their stored rows) and
 * `sessions_read` (rows of one of them by seq, bounded as `session_read` is). Only sessions of the same owner as the
 * session whose run asks are found; another owner's session answers as a missing one. What they hand back keeps the
 * provenance its rows had: the user's own messages are the server's data, a page read in another session is still
 * that page's.
 */
import type { SessionSearchHit } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { provenanceOf, trustedProvenance, type ContentSource } from "../../kernel/provenance.js";
import { provenanceOfSeqs } from "./recovered-provenance.js";
import { readRows, SESSION_READ_MAX_ROWS } from "./session-recovery.js";
import { searchAllTranscripts } from "./session-search.js";
import type { ToolDefinition, ToolOutput } from "../shared/tools.js";

export const SESSIONS_SEARCH_DEFAULT = 10;
export const SESSIONS_SEARCH_MAX = 50;

function renderHits(hits: SessionSearchHit[], query: string): string {
  if (hits.length === 0)
    return `No other session matches "${query}". Try fewer or different words (an exact identifier works best).`;
  const lines = hits.map(
    (hit) =>
      `[session ${hit.session_id}${hit.session_title ? ` "${hit.session_title}"` : ""}, seq ${hit.seq}] ${hit.role}: ${hit.snippet}`,
  );
  return `${hits.length} match(es) for "${query}" in other sessions, best first (read one with sessions_read):\n${lines.join("\n")}`;
}

/** The provenance of hits from several sessions: each session's rows judged as session_search judges them. */
async function provenanceOfHits(store: Store, hits: SessionSearchHit[]): Promise<ToolOutput["provenance"]> {
  const bySession = new Map<string, number[]>();
  for (const hit of hits) bySession.set(hit.session_id, [...(bySession.get(hit.session_id) ?? []), hit.seq]);
  const sources: ContentSource[] = [];
  for (const [sessionId, seqs] of bySession) {
    const provenance = await provenanceOfSeqs(store, sessionId, seqs, "sessions_search");
    if (!provenance.trusted) sources.push(...provenance.sources);
  }
  return sources.length ? provenanceOf(sources) : trustedProvenance("sessions_search");
}

export function sessionsSearchTool(store: Store): ToolDefinition {
  return {
    name: "sessions_search",
    description:
      "Search the stored messages of the user's OTHER sessions (earlier conversations), not this one: use it when the " +
      'user refers to past work ("what did we decide about the staging deploy", "which session touched PR #4127") ' +
      "or when an identifier may have come up before. Exact identifiers (paths, SHAs, PR numbers, error strings) or a " +
      "few distinctive words work best; each hit names the session and seq to read with sessions_read.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words or identifiers to find; all must match" },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: SESSIONS_SEARCH_MAX,
          description: `How many matches to return (default ${SESSIONS_SEARCH_DEFAULT})`,
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
    async execute(args, context) {
      const query = typeof args.query === "string" ? args.query.trim() : "";
      if (!query) return { content: "sessions_search needs a non-empty `query` string.", is_error: true };
      const requested =
        typeof args.limit === "number" && Number.isFinite(args.limit)
          ? Math.floor(args.limit)
          : SESSIONS_SEARCH_DEFAULT;
      const limit = Math.max(1, Math.min(requested, SESSIONS_SEARCH_MAX));
      // This session's own rows are session_search's: asked for a few more, so they do not leave the page short.
      const found = await searchAllTranscripts(store, query, limit + 20, { owner: context.session.owner });
      const hits = found.filter((hit) => hit.session_id !== context.session.id).slice(0, limit);
      return { content: renderHits(hits, query), data: hits, provenance: await provenanceOfHits(store, hits) };
    },
  };
}

export function sessionsReadTool(store: Store): ToolDefinition {
  return {
    name: "sessions_read",
    description:
      "Read stored turns of another session of the user verbatim by seq: {session_id, seq} for one row or " +
      `{session_id, from_seq, to_seq} for a range (at most ${SESSION_READ_MAX_ROWS} rows per call). The session ids ` +
      "and seqs come from sessions_search.",
    parameters: {
      type: "object",
      properties: {
        session_id: { type: "string", description: "The session to read, as sessions_search names it" },
        seq: { type: "integer", minimum: 1, description: "One row's seq" },
        from_seq: { type: "integer", minimum: 1, description: "First seq of a range" },
        to_seq: { type: "integer", minimum: 1, description: "Last seq of a range (inclusive)" },
      },
      required: ["session_id"],
      additionalProperties: false,
    },
    async execute(args, context) {
      const sessionId = typeof args.session_id === "string" ? args.session_id.trim() : "";
      if (!sessionId) return { content: "sessions_read needs a `session_id`.", is_error: true };
      const target = await store.sessions.get(sessionId);
      // Another owner's session is answered exactly as a missing one.
      if (!target || target.owner !== context.session.owner)
        return { content: `No session ${sessionId}. Use an id sessions_search gave.`, is_error: true };
      return readRows(store, sessionId, args, "sessions_read");
    },
  };
}
