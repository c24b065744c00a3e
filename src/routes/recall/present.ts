/**
 * @module present
 * Recall's records as the API answers them: ISO times, and the cursors of the next page.
 */
import { encodeCursor } from "../../http/cursor.js";
import type { Services } from "../../services.js";
import type { ListSessionAnchorsResponse, SearchSessionsResponse } from "./schemas.js";

type AnchorPage = Awaited<ReturnType<Services["recall"]["anchors"]>>;
type SearchPage = Awaited<ReturnType<Services["recall"]["search"]>>;
export type AnchorCursor = NonNullable<AnchorPage["next"]>;

export const isAnchorCursor = (v: unknown): v is AnchorCursor =>
  typeof v === "object" &&
  v !== null &&
  Number.isSafeInteger((v as AnchorCursor).last_seen_at) &&
  Number.isSafeInteger((v as AnchorCursor).id);

export function presentSessionAnchors(page: AnchorPage): ListSessionAnchorsResponse {
  return {
    data: page.anchors.map(({ id: _id, last_seen_at, ...anchor }) => ({
      ...anchor,
      last_seen_at: new Date(last_seen_at).toISOString(),
    })),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
}

export function presentCrossSearch(page: SearchPage, query: string): SearchSessionsResponse {
  return {
    data: page.hits.map((hit) => ({
      session_id: hit.session_id,
      session_title: hit.session_title,
      seq: hit.seq,
      message_id: hit.message_id,
      role: hit.role,
      in_context: hit.in_context,
      snippet: hit.snippet,
      rank: hit.rank,
      at: new Date(hit.created_at).toISOString(),
    })),
    query,
    next_cursor: page.nextOffset === null ? null : encodeCursor({ offset: page.nextOffset }),
  };
}
