/**
 * @module start-chat-run
 * A chat-completions request answered by the agent (SPEC §7): the session it continues is picked or created, and a
 * run is admitted on its last user message. With the client's own `tools`, a call to one ends the answer with
 * `finish_reason: "tool_calls"`; the client's next request, ending with the `tool` messages, sends their outputs and
 * continues the same run. A retry of a request whose run is stored answers with that run.
 */
import type { Config } from "../../config/schema.js";
import type { Store } from "../../db/store.js";
import type { SessionRecord } from "../../db/records.js";
import type { IdempotencyClaim } from "../agent/idempotency-claim.js";
import type { AgentRunner, StartedRun } from "../agent/runner.js";
import { answeredKeyOf, ChatSessionResolver, derivedKeyOf, type ChatRequestMessage } from "../compat/chat-sessions.js";
import type { EngineSessions } from "../context/engine-session.js";
import { requireConfiguredModel } from "../shared/configured-model.js";
import type { SessionService } from "../sessions/service.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import type { Transcript } from "../transcript/transcript.js";
import { DomainError } from "../../kernel/errors.js";
import { ownOnly, SERVER_CALLER, type Caller } from "../shared/owner-scope.js";
import type { FunctionTool } from "../../kernel/chat.js";
import { contentText } from "../../kernel/text.js";

export type ChatRunDeps = {
  config: Config;
  store: Store;
  sessions: SessionService;
  transcript: Transcript;
  agent: AgentRunner;
  engineSessions: EngineSessions;
};

/** Checks a model is configured before anything is stored, then picks (or creates) the session and starts the run. */
export async function startChatRun(
  deps: ChatRunDeps,
  request: {
    messages: ChatRequestMessage[];
    sessionId: string | null;
    stream: boolean;
    /** The client's own tools (OpenAI function tools). */
    tools?: FunctionTool[];
    signal?: AbortSignal;
    idempotency?: IdempotencyClaim;
    /** Who asks: a session it names must be its own; one it makes is its own; the run is its key's. */
    caller?: Caller;
  },
): Promise<{ session: SessionRecord; run: StartedRun }> {
  const caller = request.caller ?? SERVER_CALLER;
  const prior = request.idempotency?.priorRunId;
  if (prior) {
    // The run's session, whatever the retry's headers name: the body hash does not cover X-Hermes-Session-Id.
    const run = await deps.agent.reader.replay(prior, { feed: request.stream });
    return { session: await deps.sessions.require(run.sessionId), run };
  }
  if (request.messages.at(-1)?.role === "tool") return continueWithToolResults(deps, request, caller);
  const named = request.sessionId ? await deps.sessions.existingFor(request.sessionId, caller) : null;
  const model = resolveSessionSettings(deps.config, named ?? { model: null, config: {} }).model;
  requireConfiguredModel(deps.config, model);
  const resolver = new ChatSessionResolver({
    ...deps,
    // This replica's runs, then the store's: a run another replica executes holds the session too.
    isBusy: async (id) => deps.agent.isBusy(id) || (await deps.store.runs.activeForSession(id)) !== null,
  });
  const { session, userMessage, created } = await resolver.resolve(request.messages, request.sessionId, caller);
  if (created) await deps.engineSessions.sessionStarted(session.id);
  const run = await deps.agent.start(session, userMessage, {
    feed: request.stream,
    signal: request.signal,
    idempotency: request.idempotency,
    clientTools: request.tools,
    untilClientTools: true,
    caller,
  });
  if (!request.sessionId) rekeyWhenAnswered(deps, session.id, request.messages, run);
  return { session, run };
}

/**
 * A conversation without a session header is found again by its next request's prefix: once the run has answered,
 * the session takes the key of the request's turns with the answer (see conversationKey).
 */
function rekeyWhenAnswered(
  deps: ChatRunDeps,
  sessionId: string,
  messages: ChatRequestMessage[],
  run: StartedRun,
): void {
  void run.done.then(async (finished) => {
    if (finished.run.status !== "completed" && finished.run.status !== "incomplete") return;
    const answer = [...finished.messages].reverse().find((m) => m.role === "assistant" && m.content !== null);
    if (!answer) return;
    try {
      await deps.store.sessions.update(
        sessionId,
        { derived_key: answeredKeyOf(messages, contentText(answer.content)) },
        Date.now(),
      );
    } catch {
      /* the session was deleted meanwhile: nothing to find again */
    }
  });
}

/**
 * A request whose last messages are `tool` results: the outputs of the client's own tool calls the conversation's
 * run waits on. They are sent to that run, which goes on; earlier messages of the request are already stored.
 */
async function continueWithToolResults(
  deps: ChatRunDeps,
  request: { messages: ChatRequestMessage[]; sessionId: string | null; stream: boolean },
  caller: Caller,
): Promise<{ session: SessionRecord; run: StartedRun }> {
  const { messages } = request;
  let first = messages.length;
  while (first > 0 && messages[first - 1].role === "tool") first -= 1;
  const results = messages.slice(first);
  // The calls' ids name the run that waits for them, within the conversation: the session the header names, or the
  // one whose key is this conversation up to its last user turn (call ids are unique per session, not per server).
  const callIds = new Set(results.map((message) => message.tool_call_id));
  const lastUser = messages.findLastIndex((message) => message.role === "user");
  const owner =
    request.sessionId ??
    (await deps.store.sessions.findByDerivedKey(derivedKeyOf(messages.slice(0, lastUser + 1)), ownOnly(caller)))?.id;
  const pending = (await deps.agent.reader.pendingClientToolCalls((id) => callIds.has(id))).find(
    (interrupt) => interrupt.session_id === owner,
  );
  const session = pending ? await deps.sessions.findFor(pending.session_id, caller) : null;
  const runId = session ? await deps.agent.reader.activeRunOf(session.id) : null;
  const waiting = runId ? await deps.agent.reader.get(runId) : null;
  if (!session || !waiting || !waiting.interrupts.some((i) => i.kind === "client_tool")) {
    throw new DomainError(
      "validation_failed",
      "the conversation ends with tool results, but no run of it waits for the client's tool outputs; " +
        "end the messages with the user's turn",
      { fields: [{ path: ["messages", messages.length - 1, "role"], message: "no run waits for this tool result" }] },
    );
  }
  const outputs = results.map((message, i) => {
    if (!message.tool_call_id) {
      throw new DomainError("validation_failed", "a tool message must name the call it answers", {
        fields: [{ path: ["messages", first + i, "tool_call_id"], message: "required on a tool message" }],
      });
    }
    return { tool_call_id: message.tool_call_id, output: contentText(message.content ?? null) };
  });
  const run = await deps.agent.interrupts.continueWithOutputs(waiting.run.id, outputs, { feed: request.stream });
  if (!request.sessionId) rekeyWhenAnswered(deps, session.id, messages, run);
  return { session, run };
}
