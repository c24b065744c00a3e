/**
 * @module present
 * Sessions as the API answers them. The domain's `SessionService.view` already resolves a record into the wire
 * shape (settings in force, token statistics, live browser state), so a session passes through typed; the page
 * adds the opaque cursor.
 */
import type { SessionView } from "../../domain/sessions/service.js";
import { encodeCursor } from "../../http/cursor.js";
import type { SessionCursor } from "./cursor.js";
import type { GetSessionResponse, ListSessionsResponse } from "./schemas.js";

export function presentSession(view: SessionView): GetSessionResponse {
  return view;
}

export function presentSessionPage(views: SessionView[], next: SessionCursor | null): ListSessionsResponse {
  return { data: views.map(presentSession), next_cursor: next ? encodeCursor(next) : null };
}
