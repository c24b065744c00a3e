/**
 * @module schemas
 * The request of the session event stream: where to resume, as a query parameter or as the Last-Event-ID header
 * EventSource sends on reconnect. The answer is SSE frames, so there is no JSON success body.
 */
import { z } from "@hono/zod-openapi";

export const EventsQuery = z.object({
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

export const EventsHeaders = z.object({
  "last-event-id": z.string().optional().openapi({
    description: "Resume after this event id (sent automatically by EventSource on reconnect)",
    example: "42",
  }),
});
