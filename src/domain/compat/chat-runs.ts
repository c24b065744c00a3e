import type { Config } from "../../config.js";
import type { Store } from "../../db/store.js";
import type { AgentRunner, StartedRun } from "../agent/runner.js";
import { requireConfiguredModel } from "../llm/configured-model.js";
import type { IdempotencyClaim } from "../sessions/messages.js";
import type { SessionService } from "../sessions/service.js";
import { resolveSessionSettings } from "../sessions/settings.js";
import type { Transcript } from "../sessions/transcript.js";
import { ChatSessionResolver, type ChatRequestMessage } from "./chat-sessions.js";
import type { SessionRecord } from "../../db/records.js";

export type ChatRunDeps = {
  config: Config;
  store: Store;
  sessions: SessionService;
  transcript: Transcript;
  agent: AgentRunner;
};

/**
 * Starts the agent on a chat-completions request: checks a model is configured before anything is
 * stored, picks (or creates) the session, and admits the run on its last user message. A retry of a
 * request whose run is already stored answers with that run instead.
 */
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
  const { session, userMessage } = new ChatSessionResolver(deps).resolve(request.messages, request.sessionId);
  const run = deps.agent.start(session.id, userMessage, {
    feed: request.stream,
    signal: request.signal,
    idempotency: request.idempotency,
  });
  return { session, run };
}
