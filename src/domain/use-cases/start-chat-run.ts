/**
 * @module start-chat-run
 * A chat-completions request answered by the agent (SPEC §7): the session it continues is picked or created, and a
 * run is admitted on its last user message. A retry of a request whose run is stored answers with that run.
 */
import type { Config } from "../../config.js";
import type { Store } from "../../db/store.js";
import type { SessionRecord } from "../../db/records.js";
import type { IdempotencyClaim } from "../agent/idempotency-claim.js";
import type { AgentRunner, StartedRun } from "../agent/runner.js";
import { ChatSessionResolver, type ChatRequestMessage } from "../compat/chat-sessions.js";
import type { EngineSessions } from "../context/engine-session.js";
import { requireConfiguredModel } from "../llm/configured-model.js";
import type { SessionService } from "../sessions/service.js";
import { resolveSessionSettings } from "../sessions/settings.js";
import type { Transcript } from "../transcript/transcript.js";

export type ChatRunDeps = {
  config: Config;
  store: Store;
  sessions: SessionService;
  transcript: Transcript;
  agent: AgentRunner;
  engineSessions: EngineSessions;
};

/** Checks a model is configured before anything is stored, then picks (or creates) the session and starts the run. */
export function startChatRun(
  deps: ChatRunDeps,
  request: {
    messages: ChatRequestMessage[];
    sessionId: string | null;
    stream: boolean;
    signal?: AbortSignal;
    idempotency?: IdempotencyClaim;
  },
): { session: SessionRecord; run: StartedRun } {
  const prior = request.idempotency?.priorRunId;
  if (prior) {
    // The run's session, whatever the retry's headers name: the body hash does not cover X-Hermes-Session-Id.
    const run = deps.agent.replay(prior, { feed: request.stream });
    return { session: deps.sessions.require(run.sessionId), run };
  }
  const named = request.sessionId ? deps.sessions.require(request.sessionId) : null;
  const model = resolveSessionSettings(deps.config, named ?? { model: null, config: {} }).model;
  requireConfiguredModel(deps.config, model);
  const { session, userMessage, created } = new ChatSessionResolver(deps).resolve(request.messages, request.sessionId);
  if (created) deps.engineSessions.sessionStarted(session.id);
  const run = deps.agent.start(session, userMessage, {
    feed: request.stream,
    signal: request.signal,
    idempotency: request.idempotency,
  });
  return { session, run };
}
