/**
 * @module delete-session
 * Deleting a session: its run is interrupted (and records that), its browser stopped, its context engine told with
 * the context it had; then the row and everything stored for it go, and its live event streams end.
 */
import type { AgentRunner } from "../agent/runner.js";
import type { SupervisorRegistry } from "../browser/supervisor-registry.js";
import type { EngineSessions } from "../context/engine-session.js";
import type { EventBus } from "../events/bus.js";
import type { SessionService } from "../sessions/service.js";

export type DeleteSessionDeps = {
  sessions: SessionService;
  agent: AgentRunner;
  supervisors: SupervisorRegistry;
  engineSessions: EngineSessions;
  events: EventBus;
};

export async function deleteSession(deps: DeleteSessionDeps, id: string): Promise<void> {
  await deps.sessions.require(id);
  await deps.agent.cancel(id, "the session was deleted");
  await deps.supervisors.stop(id);
  await deps.engineSessions.sessionEnding(id);
  await deps.sessions.deleteRow(id);
  deps.events.endSession(id);
  // A browser started while the first stop ran (the row still existed then) goes too.
  await deps.supervisors.stop(id);
}
