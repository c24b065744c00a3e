/**
 * @module post-message
 * Posting a message to a session: checked, then appended — or, for a user message with a run, handed to the agent,
 * which stores it with the run and answers with the run's messages or a live feed of its events. A retry under an
 * Idempotency-Key whose run is stored is answered from that run.
 */
import type { Config } from "../../config.js";
import type { StoredMessage } from "../../db/records.js";
import { DomainError } from "../../kernel/errors.js";
import type { IdempotencyClaim } from "../agent/idempotency-claim.js";
import type { RunResultSummary } from "../agent/loop.js";
import type { AgentRunner } from "../agent/runner.js";
import type { EventFeed } from "../events/feed.js";
import { requireConfiguredModel } from "../llm/configured-model.js";
import type { SessionService } from "../sessions/service.js";
import { resolveSessionSettings } from "../sessions/settings.js";
import { assertWellFormed, type MessageInput } from "../transcript/message-shape.js";
import type { Transcript } from "../transcript/transcript.js";

export type PostMessageInput = MessageInput & { run?: boolean; stream?: boolean };

export type PostOutcome =
  | { kind: "appended"; messages: StoredMessage[] }
  | { kind: "ran"; messages: StoredMessage[]; run: RunResultSummary }
  /** The run's events as they happen, ending with `done`; cancelling the feed interrupts the run. */
  | { kind: "stream"; runId: string; feed: EventFeed };

export type PostMessageDeps = {
  config: Config;
  sessions: SessionService;
  transcript: Transcript;
  agent: AgentRunner;
};

export async function postMessage(
  deps: PostMessageDeps,
  sessionId: string,
  input: PostMessageInput,
  options: { signal?: AbortSignal; idempotency?: IdempotencyClaim } = {},
): Promise<PostOutcome> {
  const { config, sessions, transcript, agent } = deps;
  const session = sessions.require(sessionId);
  const { run: runFlag, stream, ...message } = input;
  const run = runFlag ?? message.role === "user";
  if (run && message.role !== "user") {
    throw new DomainError(
      "validation_failed",
      "only a user message can start a run; send run: false to append other roles",
      {
        fields: [{ path: ["run"], message: "run applies to user messages only" }],
      },
    );
  }
  if (stream && !run) {
    throw new DomainError(
      "validation_failed",
      "stream needs a run; drop stream or send a user message with run: true",
      {
        fields: [{ path: ["stream"], message: "stream applies to runs only" }],
      },
    );
  }
  // A malformed message is a 400 whether or not a model is configured.
  assertWellFormed([message]);
  const settings = resolveSessionSettings(config, session);
  if (!run) return { kind: "appended", messages: transcript.append(sessionId, [message], { model: settings.model }) };
  const { idempotency, signal } = options;
  const feed = stream ?? false;
  const priorRunId = idempotency?.priorRunId;
  // A retry of a request whose run is stored is answered from that run: it needs no model.
  if (!priorRunId) requireConfiguredModel(config, settings.model, "append with run: false");
  const started = priorRunId
    ? agent.replay(priorRunId, { feed })
    : agent.start(session, message, { feed, signal, idempotency });
  if (started.feed) return { kind: "stream", runId: started.runId, feed: started.feed };
  const finished = await started.done;
  return { kind: "ran", messages: finished.messages, run: finished.run };
}
