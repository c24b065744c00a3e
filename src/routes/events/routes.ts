/**
 * @module routes
 * The session's live event stream (SSE), resumable with Last-Event-ID.
 */
import { createRoute } from "@hono/zod-openapi";
import { EVENT_TYPES } from "../../domain/events/event-types.js";
import { openSessionFeed } from "../../domain/events/session-feed.js";
import { createRouter } from "../../http/router.js";
import { framesOf, sseResponse } from "../../http/sse.js";
import { SessionIdParam } from "../shared/params.js";
import { problemResponses } from "../shared/problem-responses.js";
import { SessionEventSchema } from "./event-schemas.js";
import { parseEventId } from "./last-event-id.js";
import { EventsHeaders, EventsQuery } from "./schemas.js";
import { requires } from "../../http/route-access.js";

const streamEvents = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/events",
  operationId: "streamEvents",
  security: requires("sessions:read"),
  tags: ["events"],
  summary: "Server-sent events of the session, live; resumable with Last-Event-ID",
  description:
    `Frames carry \`event:\` (${EVENT_TYPES.filter((type) => type !== "done").join(", ")}), ` +
    "`id:` (one counter for the whole server: increasing within the session, with gaps where other sessions' events " +
    "took numbers) and `data:` (JSON). Without Last-Event-ID the stream starts with live events; with it, " +
    "every persisted event after that id is replayed first, then the stream goes live, without gaps or duplicates. " +
    "A `: keepalive` comment is sent every 15 s.",
  request: { params: SessionIdParam, query: EventsQuery, headers: EventsHeaders },
  responses: {
    200: {
      description: "An SSE stream of the session's events",
      content: {
        "text/event-stream": {
          schema: SessionEventSchema,
        },
      },
    },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

export function eventRoutes() {
  const router = createRouter();
  router.openapi(streamEvents, async (c) => {
    const { sessions, events, sseKeepaliveMs } = c.get("services");
    const { id } = c.req.valid("param");
    const afterId = parseEventId(c.req.header("last-event-id") ?? c.req.valid("query").last_event_id);
    // Subscribed before the session is looked up: a delete that lands after the lookup still ends this stream.
    const feed = openSessionFeed(events, id, afterId);
    try {
      await sessions.require(id);
    } catch (err) {
      feed.cancel();
      throw err;
    }
    // A client that goes away only ends its own subscription; runs are not affected.
    c.req.raw.signal.addEventListener("abort", () => feed.cancel(), { once: true });
    return sseResponse(framesOf(feed), { keepaliveMs: sseKeepaliveMs, onCancel: () => feed.cancel() });
  });
  return router;
}
