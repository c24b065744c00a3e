/**
 * @module session-search
 * Full-text search over a session's whole transcript, compacted turns included: for the API, and as the
 * `session_search` tool through which a model reads compacted turns again.
 */
import type { Store } from "../../db/store.js";
import type { ToolDefinition } from "../shared/tools.js";
import type { OwnerFilter, SearchHit, SessionSearchHit } from "../../db/records.js";
import type { Role } from "../../kernel/chat.js";
import { provenanceOfSeqs } from "./recovered-provenance.js";

export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;
const ROLES: Role[] = ["system", "user", "assistant", "tool"];

export function searchTranscript(
  store: Store,
  sessionId: string,
  query: string,
  options: { role?: Role | null; limit?: number },
): Promise<SearchHit[]> {
  const limit = Math.max(1, Math.min(options.limit ?? SEARCH_LIMIT_DEFAULT, 200));
  return store.search.search(sessionId, query, { role: options.role ?? null, limit });
}

/** Full-text search over every session's transcript (Hermes's `/api/sessions/search`). */
export function searchAllTranscripts(
  store: Store,
  query: string,
  limit = SEARCH_LIMIT_DEFAULT,
  owner: OwnerFilter = null,
): Promise<SessionSearchHit[]> {
  return store.search.searchAll(query, Math.max(1, Math.min(limit, 200)), owner);
}

function renderHits(hits: SearchHit[], query: string): string {
  if (hits.length === 0)
    return `No stored message matches "${query}". Try fewer or different words (an exact identifier works best).`;
  const lines = hits.map(
    (hit) =>
      `[seq ${hit.seq}] ${hit.role}${hit.in_context ? "" : " (compacted)"}${hit.kind === "summary" ? " (summary)" : ""}: ${hit.snippet}`,
  );
  return `${hits.length} match(es) for "${query}", best first:\n${lines.join("\n")}`;
}

/** The compressor's tool: full-text search over the whole transcript, compacted turns included. */
export function sessionSearchTool(store: Store): ToolDefinition {
  return {
    name: "session_search",
    description:
      "Search the full stored transcript of this conversation, including turns compacted out of the context. " +
      "Use exact identifiers (file paths, error strings, PR numbers, SHAs) or a few distinctive words.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words or identifiers to find; all must match" },
        role: { type: "string", enum: ROLES, description: "Only messages of this role" },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: SEARCH_LIMIT_MAX,
          description: `How many matches to return (default ${SEARCH_LIMIT_DEFAULT})`,
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
    async execute(args, context) {
      const query = typeof args.query === "string" ? args.query.trim() : "";
      if (!query) return { content: "session_search needs a non-empty `query` string.", is_error: true };
      const role = typeof args.role === "string" && ROLES.includes(args.role as Role) ? (args.role as Role) : null;
      if (args.role !== undefined && role === null)
        return { content: `role must be one of ${ROLES.join(", ")}.`, is_error: true };
      const requested =
        typeof args.limit === "number" && Number.isFinite(args.limit) ? Math.floor(args.limit) : SEARCH_LIMIT_DEFAULT;
      const hits = await searchTranscript(store, context.session.id, query, {
        role,
        limit: Math.max(1, Math.min(requested, SEARCH_LIMIT_MAX)),
      });
      const provenance = await provenanceOfSeqs(
        store,
        context.session.id,
        hits.map((hit) => hit.seq),
        "session_search",
      );
      return { content: renderHits(hits, query), data: hits, provenance };
    },
  };
}
