/**
 * @module post-message
 * Posting a message to a session: checked, then appended — or, for a user message with a run, handed to the agent,
 * which stores it with the run and answers with the run's messages or a live feed of its events. A retry under an
 * Idempotency-Key whose run is stored is answered from that run.
 */
import type { Config } from "../../config/schema.js";
import type { RunRecord, StoredMessage } from "../../db/records.js";
import type { FunctionTool } from "../../kernel/chat.js";
import type { InterruptView } from "../shared/interrupt-view.js";
import { DomainError } from "../../kernel/errors.js";
import type { IdempotencyClaim } from "../agent/idempotency-claim.js";
import type { RunResultSummary } from "../shared/run-summary.js";
import type { AgentRunner } from "../agent/runner.js";
import type { EventFeed } from "../events/feed.js";
import { requireConfiguredModel } from "../shared/configured-model.js";
import type { SessionService } from "../sessions/service.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import { assertWellFormed, type MessageInput } from "../shared/message-shape.js";
import type { Transcript } from "../transcript/transcript.js";
import type { Caller } from "../shared/owner-scope.js";

export type PostMessageInput = MessageInput & {
  run?: boolean;
  stream?: boolean;
  /** Answer at once; the run goes on with no client connected. */
  background?: boolean;
  /** The client's own tools for this run (OpenAI function schemas). */
  tools?: FunctionTool[];
};

export type PostOutcome =
  | { kind: "appended"; messages: StoredMessage[] }
  /** The run ended, or paused on interrupts (`run.status` is then `requires_action`). */
  | { kind: "ran"; messages: StoredMessage[]; run: RunResultSummary; interrupts: InterruptView[] }
  /** A background run: admitted, its user message stored, going on without the client. */
  | { kind: "background"; messages: StoredMessage[]; run: RunRecord }
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
  options: { signal?: AbortSignal; idempotency?: IdempotencyClaim; caller?: Caller } = {},
): Promise<PostOutcome> {
  const { config, sessions, transcript, agent } = deps;
  const session = await sessions.require(sessionId);
  const { run: runFlag, stream, background, tools, ...message } = input;
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
  if (background && stream) {
    throw new DomainError("validation_failed", "a background run is not streamed; drop stream or background", {
      fields: [{ path: ["background"], message: "background and stream exclude each other" }],
    });
  }
  for (const [field, given] of [
    ["background", background],
    ["tools", tools],
  ] as const) {
    if (given && !run) {
      throw new DomainError("validation_failed", `${field} needs a run; send a user message with run: true`, {
        fields: [{ path: [field], message: `${field} applies to runs only` }],
      });
    }
  }
  // A malformed message is a 400 whether or not a model is configured.
  assertWellFormed([message]);
  const settings = resolveSessionSettings(config, session);
  if (!run)
    return { kind: "appended", messages: await transcript.append(sessionId, [message], { model: settings.model }) };
  const { idempotency, signal, caller } = options;
  const feed = stream ?? false;
  const priorRunId = idempotency?.priorRunId;
  // A retry of a request whose run is stored is answered from that run: it needs no model.
  if (!priorRunId) requireConfiguredModel(config, settings.model, "append with run: false");
  const started = priorRunId
    ? await agent.reader.replay(priorRunId, { feed })
    : await agent.start(session, message, { feed, signal, idempotency, background, clientTools: tools, caller });
  if (started.feed) return { kind: "stream", runId: started.runId, feed: started.feed };
  if (background && !priorRunId)
    return { kind: "background", messages: started.userMessage ? [started.userMessage] : [], run: started.run };
  const finished = await started.done;
  return { kind: "ran", messages: finished.messages, run: finished.run, interrupts: finished.interrupts };
}
