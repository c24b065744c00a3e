import { createRoute, z } from "@hono/zod-openapi";
import { openSessionFeed } from "../domain/events/session-feed.js";
import { AppError } from "../domain/errors.js";
import { framesOf, sseResponse } from "../http/sse.js";
import { createRouter } from "./router.js";
import { SessionIdParam, problemResponses } from "./schemas/common.js";

const EventsQuery = z.object({
  last_event_id: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .openapi({
      param: { name: "last_event_id", in: "query" },
      description: "Same as the Last-Event-ID header, for clients that cannot set headers",
      example: "42",
    }),
});

const streamEvents = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/events",
  tags: ["events"],
  summary: "Server-sent events of the session, live; resumable with Last-Event-ID",
  description:
    "Frames carry `event:` (message.created, message.delta, tool.started, tool.completed, dialog.opened, dialog.closed, " +
    "frame.attached, frame.detached, frame.navigated, context.compressed, run.started, run.completed, run.failed), " +
    "`id:` (increasing per session) and `data:` (JSON). Without Last-Event-ID the stream starts with live events; with it, " +
    "every persisted event after that id is replayed first, then the stream goes live, without gaps or duplicates. " +
    "A `: keepalive` comment is sent every 15 s.",
  request: {
    params: SessionIdParam,
    query: EventsQuery,
    headers: z.object({
      "last-event-id": z
        .string()
        .optional()
        .openapi({ description: "Resume after this event id (sent automatically by EventSource on reconnect)", example: "42" }),
    }),
  },
  responses: {
    200: {
      description: "An SSE stream of the session's events",
      content: { "text/event-stream": { schema: z.string().openapi({ description: "SSE frames (SPEC §4.3)", example: "event: run.started\nid: 7\ndata: {}\n\n" }) } },
    },
    ...problemResponses(400, 401, 404),
  },
});

function parseEventId(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  const value = raw.trim();
  if (!/^\d{1,15}$/.test(value)) {
    throw new AppError("validation_failed", "Last-Event-ID must be the numeric id of an event this stream sent", {
      errors: [{ location: "header.last-event-id", message: "a non-negative integer" }],
    });
  }
  return Number(value);
}

export function eventRoutes() {
  const router = createRouter();
  router.openapi(streamEvents, (c) => {
    const { sessions, events, sseKeepaliveMs } = c.get("services");
    const { id } = c.req.valid("param");
    sessions.require(id);
    const afterId = parseEventId(c.req.header("last-event-id") ?? c.req.valid("query").last_event_id);
    const feed = openSessionFeed(events, id, afterId);
    // A client that goes away only ends its own subscription; runs are not affected.
    c.req.raw.signal.addEventListener("abort", () => feed.cancel(), { once: true });
    return sseResponse(framesOf(feed), { keepaliveMs: sseKeepaliveMs, onCancel: () => feed.cancel() });
  });
  return router;
}
