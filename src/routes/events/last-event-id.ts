/**
 * @module last-event-id
 * Reads where a client resumes the event stream. The header is checked here rather than by its schema: EventSource
 * sends it by itself, and a malformed one is reported at `header.last-event-id`.
 */
import { HttpError } from "../../http/errors.js";

/** The event id to replay after, or null to start with live events. */
export function parseEventId(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  const value = raw.trim();
  if (!/^\d{1,15}$/.test(value)) {
    throw new HttpError("validation_failed", "Last-Event-ID must be the numeric id of an event this stream sent", {
      errors: [{ location: "header.last-event-id", message: "a non-negative integer" }],
    });
  }
  return Number(value);
}
