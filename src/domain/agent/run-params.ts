/**
 * @module run-params
 * What one stretch of a run is given (its dependencies and parameters) and what it comes to, shared by the
 * execution, its tool calls and the runner that starts both.
 */
import type { Config } from "../../config/schema.js";
import type { RunRecord, SessionRecord, StoredMessage } from "../../db/records.js";
import type { EventFeed } from "../events/feed.js";
import type { Store } from "../../db/store.js";
import type { ChatMessage, FunctionTool } from "../../kernel/chat.js";
import type { Logger } from "../../logger.js";
import type { RunCompression } from "../shared/compression.js";
import type { EventBus } from "../events/bus.js";
import type { SessionService } from "../sessions/service.js";
import type { ApprovalPolicy } from "../shared/session-settings.js";
import type { Transcript } from "../transcript/transcript.js";
import type { InterruptView } from "../shared/interrupt-view.js";
import type { RunResultSummary } from "../shared/run-summary.js";
import type { SessionTools } from "./tool-registry.js";
import type { RunGuard } from "./guard-port.js";
import type { ModelCallMeter } from "../shared/metering.js";
import type { ModelRouter } from "../llm/model-router.js";

export type LoopDeps = {
  config: Config;
  store: Store;
  events: EventBus;
  transcript: Transcript;
  sessions: SessionService;
  /** The run's model and the models that stand in for it. */
  models: ModelRouter;
  /** Compresses at a run's safe points; without one the session's figures are kept up to date by the loop. */
  compression?: RunCompression;
  /**
   * The active context as the model is sent it: the images tools returned resolved for the model (shown to one with
   * vision, else left to their text), then model-specific request markers (prompt caching).
   */
  prepareMessages: (sessionId: string, model: string, messages: ChatMessage[]) => Promise<ChatMessage[]>;
  /** The prompt-injection guard: assesses each tool call after untrusted content and watches the calls that run. */
  guard: RunGuard;
  /** Records each model call's usage and holds a key to its tokens of the day; without one nothing is recorded. */
  meter?: ModelCallMeter;
  logger: Logger;
  now: () => number;
};

export type RunParams = {
  run: RunRecord;
  sessionId: string;
  /**
   * The session as the run's starter read it (just before it was admitted, or resumed): its prompt, memory block,
   * config and owner (its model calls are counted as the owner's), which the run builds its context and guards from,
   * are not read again.
   */
  session: SessionRecord;
  model: string;
  /** The message that started the run; null when a paused run is resumed. */
  userMessage: StoredMessage | null;
  /** The server's tools for the session. */
  tools: SessionTools;
  /** The client's own tools: a call to one pauses the run until the client sends its output. */
  clientTools: FunctionTool[];
  approvals: ApprovalPolicy;
  maxIterations: number;
  /** Stream the model's answer (and publish `message.delta`) even when nobody watches the session live. */
  streamModel: boolean;
  signal: AbortSignal;
};

/**
 * Where a stretch of the run ended: a final status, or `requires_action` with the interrupts it waits on. `messages`
 * are the ones this stretch stored.
 */
export type FinishedRun = {
  run: RunResultSummary;
  messages: StoredMessage[];
  interrupts: InterruptView[];
  /**
   * The database went out of reach during the stretch: it ended `interrupted` here, but its row still says running
   * until the runner can record that (./runner.ts retries once the store is back).
   */
  unrecorded?: boolean;
};

/** A run that has been admitted and whose user message is stored. */
export type StartedRun = {
  runId: string;
  sessionId: string;
  /** The run as stored when it started (or, for a replay, as stored now). */
  run: RunRecord;
  /** The message that started it. */
  userMessage: StoredMessage | null;
  /**
   * Settles when the run has ended or paused on an interrupt (for a run started with `untilClientTools`, only a pause
   * for the client's own tools counts: approvals are waited through); never rejects.
   */
  done: Promise<FinishedRun>;
  /** Every event the session publishes while the run lasts (across its pauses), then `done`; only when asked for. */
  feed: EventFeed | null;
};
