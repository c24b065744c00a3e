/**
 * @module create-session
 * Creating a session a client asked for: the row (with the engine it names imported first when it is an installed
 * plugin), then the session's context engine hears that it started.
 */
import type { EngineSessions } from "../context/engine-session.js";
import type { CreateSessionInput, SessionService, SessionSnapshot } from "../sessions/service.js";

export type CreateSessionDeps = { sessions: SessionService; engineSessions: EngineSessions };

export async function createSession(deps: CreateSessionDeps, input: CreateSessionInput): Promise<SessionSnapshot> {
  const session = await deps.sessions.createFromClient(input);
  await deps.engineSessions.sessionStarted(session.id);
  return deps.sessions.snapshot(session);
}
