/**
 * @module update-session
 * Changing a session: the row under the config rules, then what depends on it — a browser bound to another
 * endpoint is stopped (here, or on the replica holding it), and the context engine hears of a new model.
 */
import type { SupervisorRegistry } from "../browser/supervisor-registry.js";
import type { EngineSessions } from "../context/engine-session.js";
import type { SessionService, SessionSnapshot, UpdateSessionInput } from "../sessions/service.js";

export type UpdateSessionDeps = {
  sessions: SessionService;
  supervisors: SupervisorRegistry;
  engineSessions: EngineSessions;
  /** With several replicas: tells the one holding the session's browser, if another, that its settings changed. */
  browserSettingsChanged?: (sessionId: string) => Promise<void>;
};

export async function updateSession(
  deps: UpdateSessionDeps,
  id: string,
  input: UpdateSessionInput,
): Promise<SessionSnapshot> {
  const { session, previous } = await deps.sessions.update(id, input);
  // Stopping starts synchronously, so no read after this PATCH shows the old endpoint's browser.
  if (input.config?.browser !== undefined) {
    void deps.supervisors.rebindIfChanged(id, session).catch(() => undefined);
    // Answered once the replica holding the browser has the new settings: a dialog its page opens after the answer
    // meets them.
    await deps.browserSettingsChanged?.(id).catch(() => undefined);
  }
  if (input.model !== undefined && input.model !== previous.model) await deps.engineSessions.modelChanged(id);
  return deps.sessions.snapshot(session);
}
