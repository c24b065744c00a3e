/**
 * @module cursor
 * The cursor of the session list: the last session of a page (creation time and id, the list's order), and the
 * check a client's decoded cursor must pass before it reaches the domain.
 */
import type { SessionService } from "../../domain/sessions/service.js";

/** Whatever the domain pages sessions by; named here so the route never reaches for the database's records. */
export type SessionCursor = NonNullable<Awaited<ReturnType<SessionService["list"]>>["next"]>;

export const isSessionCursor = (v: unknown): v is SessionCursor =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as SessionCursor).created_at === "number" &&
  typeof (v as SessionCursor).id === "string";
