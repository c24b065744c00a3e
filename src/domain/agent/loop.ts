/**
 * @module loop
 * One agent run from start to end: the model is called and the tools it asks for are run, turn after turn, until
 * a final answer, the iteration budget, a cancel or a failure. Every message is stored and announced as it is
 * made, the context is compressed at the run's safe points, and tool calls a stopped run leaves open get an
 * "interrupted" result.
 */
import { randomBytes } from "node:crypto";
import type OpenAI from "openai";
import type { Config } from "../../config.js";
import type { Store } from "../../db/store.js";
import type { Logger } from "../../logger.js";
import { buildActiveContext, toChatMessage } from "../context/active-context.js";
import type { CompressOutcome, ContextManager } from "../context/manager.js";
import type { EventBus } from "../events/bus.js";
import { publicMessage, type MessageInput } from "../transcript/message-shape.js";
import type { Transcript } from "../transcript/transcript.js";
import type { SessionService } from "../sessions/service.js";
import { callModel, ModelCallError, type ModelTurn } from "./model-call.js";
import type { SessionTools, ToolRegistry } from "./tool-registry.js";
import type { ToolOutput } from "./tools.js";
import type { RunRecord, SessionRecord, StoredMessage } from "../../db/records.js";
import { summarizeRun, type RunResultSummary } from "./run-summary.js";
import type { ChatMessage, RunStatus, TokenUsage, ToolCall } from "../../kernel/chat.js";
import { headOf } from "../../kernel/text.js";

export type LoopDeps = {
  config: Config;
  store: Store;
  events: EventBus;
  transcript: Transcript;
  sessions: SessionService;
  tools: ToolRegistry;
  /** Compresses at a run's safe points; without one the session's figures are kept up to date by the loop. */
  contextManager?: ContextManager;
  /** Applies model-specific request markers (prompt caching) to the messages sent. */
  prepareMessages: (model: string, messages: ChatMessage[]) => ChatMessage[];
  logger: Logger;
  now: () => number;
};

export type RunParams = {
  run: RunRecord;
  sessionId: string;
  model: string;
  client: OpenAI;
  userMessage: StoredMessage;
  /** Stream the model's answer (and publish `message.delta`) even when nobody watches the session live. */
  streamModel: boolean;
  signal: AbortSignal;
};

// Routes and use cases name a run's summary through the loop that produces it.
export type { RunResultSummary };

export type FinishedRun = { run: RunResultSummary; messages: StoredMessage[] };

/** How much of a failed tool call's error text its log line shows. */
const TOOL_ERROR_LOGGED_CHARS = 300;

export const INTERRUPTED_TOOL_RESULT =
  "Error: the run was interrupted before this tool call finished; its outcome is unknown.";

class RunAborted extends Error {}

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (typeof reason === "string") return reason;
  if (reason instanceof Error && reason.name !== "AbortError") return reason.message;
  return "the run was cancelled";
}

/** Resolves with the promise, or rejects with RunAborted as soon as the signal fires. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new RunAborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RunAborted());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * One agent run (SPEC §4.1): model call, tool calls, repeat until a final answer, the iteration
 * budget, a cancel, or a model failure. Every message is persisted the moment it exists, so the
 * transcript is whole whatever stops the run.
 */
export class RunExecution {
  private readonly messages: StoredMessage[] = [];
  private readonly usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  private iterations = 0;
  private compressed = false;
  /** Monotonic, unlike the injected clock (which tests may hold still): durations in the log are real. */
  private readonly startedAt = performance.now();
  private context: ChatMessage[] = [];
  /** Tool calls of persisted assistant messages that have no result yet. */
  private readonly openCalls = new Map<string, ToolCall>();

  constructor(
    private readonly deps: LoopDeps,
    private readonly params: RunParams,
  ) {
    this.messages.push(params.userMessage);
  }

  async execute(): Promise<FinishedRun> {
    const { signal } = this.params;
    let status: RunStatus;
    let error: string | null;
    try {
      ({ status, error } = await this.loop());
    } catch (err) {
      if (signal.aborted || err instanceof RunAborted) {
        status = "interrupted";
        error = `interrupted: ${abortReason(signal)}`;
      } else if (err instanceof ModelCallError) {
        status = "failed";
        error = err.message;
        this.deps.logger.warn(
          { run_id: this.params.run.id, session_id: this.params.sessionId, kind: err.kind, status: err.status },
          "model call failed",
        );
      } else {
        status = "failed";
        error = `internal error during the run: ${err instanceof Error ? err.message : String(err)}`;
        this.deps.logger.error({ err, run_id: this.params.run.id }, "run failed with an internal error");
      }
    }
    this.closeOpenCalls();
    return this.finish(status, error);
  }

  private async loop(): Promise<{ status: RunStatus; error: string | null }> {
    const { sessionId, signal } = this.params;
    const maxIterations = this.deps.config.agent.max_iterations;
    this.noteCompression(await this.contextManagerCall((cm) => cm.prepareForRun(sessionId, signal)));
    // Read once for the run: the tools and the context are built from it; a compression reads it again.
    const session = this.deps.sessions.require(sessionId);
    const tools = this.deps.tools.forSession(session);
    this.reloadContext(session);
    while (true) {
      if (this.iterations >= maxIterations) {
        return {
          status: "incomplete",
          error: `the iteration budget (agent.max_iterations = ${maxIterations}) was spent before a final answer`,
        };
      }
      if (signal.aborted) throw new RunAborted();
      this.iterations += 1;
      const turn = await this.callModel(tools);
      this.addUsage(turn.usage);
      if (!turn.content?.trim() && turn.toolCalls.length === 0) {
        this.saveProgress();
        throw new ModelCallError(
          "empty",
          "the model returned an empty answer (no text and no tool calls); retry, or check the model endpoint",
        );
      }
      const calls = this.persistAssistant(turn);
      this.saveProgress();
      if (turn.usage) await this.recordUsage(turn.usage);
      else await this.checkEstimatedSize();
      if (calls.length === 0) {
        if (turn.finishReason === "length") {
          return {
            status: "incomplete",
            error: "the answer was cut off at the model's output limit (finish_reason: length)",
          };
        }
        return { status: "completed", error: null };
      }
      await this.runTools(tools, calls, session);
    }
  }

  private async callModel(tools: SessionTools): Promise<ModelTurn> {
    const { run, model, client, signal, streamModel, sessionId } = this.params;
    const messages = this.deps.prepareMessages(model, this.context);
    return callModel(
      client,
      { model, messages, tools: tools.schemas() },
      {
        signal,
        // Stream from the model when someone watches the session live, so they see the answer grow.
        stream: streamModel || this.deps.events.hasListeners(sessionId),
        onDelta: (content) => this.deps.events.publish(sessionId, "message.delta", { run_id: run.id, content }),
        onAttemptFailed: ({ attempt, kind, status }) =>
          this.deps.logger.warn(
            {
              run_id: run.id,
              session_id: sessionId,
              model,
              kind,
              status,
              attempt,
              max_attempts: this.deps.config.model.max_retries + 1,
            },
            "model call attempt failed",
          ),
      },
    );
  }

  private persistAssistant(turn: ModelTurn): ToolCall[] {
    const calls = this.uniqueCallIds(turn.toolCalls);
    const input: MessageInput = {
      role: "assistant",
      content: turn.content === null || (calls.length && !turn.content.trim()) ? null : turn.content,
    };
    if (calls.length) input.tool_calls = calls;
    const row = this.persist(input);
    for (const call of calls) this.openCalls.set(call.id, call);
    this.context.push(toChatMessage(row));
    return calls;
  }

  /**
   * Some OpenAI-compatible servers leave tool-call ids empty or number them per response
   * (`call_0` every time); ids must be unique in the session for results to pair, so those get a
   * fresh one. The model sees the stored ids from then on.
   */
  private uniqueCallIds(calls: ToolCall[]): ToolCall[] {
    const seen = new Set<string>();
    return calls.map((call) => {
      const taken =
        !call.id || seen.has(call.id) || this.deps.store.messages.findToolCall(this.params.sessionId, call.id) !== null;
      const id = taken ? `call_${randomBytes(12).toString("hex")}` : call.id;
      seen.add(id);
      return taken ? { ...call, id } : call;
    });
  }

  private persist(input: MessageInput): StoredMessage {
    const { sessionId, model, run } = this.params;
    const [row] = this.deps.transcript.append(sessionId, [input], { model, runId: run.id });
    this.messages.push(row);
    this.deps.events.publish(sessionId, "message.created", { run_id: run.id, message: publicMessage(row) });
    return row;
  }

  /** Tool calls of one answer run in parallel; each result is stored as soon as it is known. */
  private async runTools(tools: SessionTools, calls: ToolCall[], session: SessionRecord): Promise<void> {
    const { sessionId, run, signal } = this.params;
    await Promise.all(
      calls.map(async (call) => {
        this.deps.events.publish(sessionId, "tool.started", {
          run_id: run.id,
          tool_call_id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
        });
        const startedAt = performance.now();
        const output: ToolOutput = await unlessAborted(tools.execute(call, { session, runId: run.id, signal }), signal);
        if (signal.aborted) throw new RunAborted();
        // The arguments stay out of the log: they are the model's text and can carry anything the page showed it.
        this.deps.logger.info(
          {
            run_id: run.id,
            session_id: sessionId,
            tool: call.function.name,
            tool_call_id: call.id,
            duration_ms: Math.round(performance.now() - startedAt),
            ok: !output.is_error,
            ...(output.is_error ? { error: headOf(output.content, TOOL_ERROR_LOGGED_CHARS) } : {}),
          },
          "tool call finished",
        );
        const row = this.persist({
          role: "tool",
          content: output.content,
          tool_call_id: call.id,
          name: call.function.name,
        });
        this.openCalls.delete(call.id);
        this.context.push(toChatMessage(row));
        this.deps.events.publish(sessionId, "tool.completed", {
          run_id: run.id,
          tool_call_id: call.id,
          name: call.function.name,
          is_error: output.is_error ?? false,
          content: output.content,
        });
      }),
    );
  }

  /** A run that stops while tools are still out answers each open call, so every call keeps its result. */
  private closeOpenCalls(): void {
    for (const call of this.openCalls.values()) {
      try {
        this.persist({
          role: "tool",
          content: INTERRUPTED_TOOL_RESULT,
          tool_call_id: call.id,
          name: call.function.name,
        });
      } catch (err) {
        this.deps.logger.warn(
          { err, run_id: this.params.run.id, tool_call_id: call.id },
          "could not record an interrupted tool call",
        );
      }
    }
    this.openCalls.clear();
  }

  private async recordUsage(usage: TokenUsage): Promise<void> {
    const { sessionId, signal } = this.params;
    if (!this.deps.contextManager) {
      // Without a context engine the session's figures are still kept up to date; the engine does it otherwise.
      this.deps.store.sessions.update(
        sessionId,
        { last_prompt_tokens: usage.prompt_tokens, last_completion_tokens: usage.completion_tokens },
        this.deps.now(),
      );
    }
    const outcome = await this.contextManagerCall((cm) => cm.afterResponse(sessionId, usage, signal));
    if (outcome?.compressed) {
      this.noteCompression(outcome);
      this.reloadContext();
    }
  }

  /** A server that reports no usage leaves the stored estimate as the only count: the pre-run check runs on it. */
  private async checkEstimatedSize(): Promise<void> {
    const { sessionId, signal } = this.params;
    const outcome = await this.contextManagerCall((cm) => cm.prepareForRun(sessionId, signal));
    if (outcome?.compressed) {
      this.noteCompression(outcome);
      this.reloadContext();
    }
  }

  private async contextManagerCall(
    call: (cm: ContextManager) => Promise<CompressOutcome | null>,
  ): Promise<CompressOutcome | null> {
    const cm = this.deps.contextManager;
    if (!cm) return null;
    return unlessAborted(call(cm), this.params.signal);
  }

  private noteCompression(outcome: CompressOutcome | null): void {
    if (outcome?.compressed) this.compressed = true;
  }

  /** The active context as stored; read at the start and again after every compression. */
  private reloadContext(session = this.deps.sessions.require(this.params.sessionId)): void {
    this.context = buildActiveContext(this.deps.store, session).messages;
  }

  private addUsage(usage: TokenUsage | null): void {
    if (!usage) return;
    this.usage.prompt_tokens += usage.prompt_tokens;
    this.usage.completion_tokens += usage.completion_tokens;
    this.usage.total_tokens += usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens;
  }

  private saveProgress(): void {
    this.deps.store.runs.update(
      this.params.run.id,
      { iterations: this.iterations, usage: { ...this.usage }, compressed: this.compressed },
      this.deps.now(),
    );
  }

  private finish(status: RunStatus, error: string | null): FinishedRun {
    const { run, sessionId } = this.params;
    const now = this.deps.now();
    const record = this.deps.store.runs.update(
      run.id,
      {
        status,
        error,
        iterations: this.iterations,
        usage: { ...this.usage },
        compressed: this.compressed,
        finished_at: now,
      },
      now,
    ) ?? {
      ...run,
      status,
      error,
      iterations: this.iterations,
      usage: { ...this.usage },
      compressed: this.compressed,
      finished_at: now,
    };
    const summary = summarizeRun(record);
    const type = status === "completed" || status === "incomplete" ? "run.completed" : "run.failed";
    this.deps.events.publish(sessionId, type, { run: summary });
    const line = {
      run_id: run.id,
      session_id: sessionId,
      status,
      iterations: summary.iterations,
      usage: summary.usage,
      compressed: summary.compressed,
      duration_ms: Math.round(performance.now() - this.startedAt),
      error,
    };
    if (status === "failed") this.deps.logger.warn(line, "run failed");
    else this.deps.logger.info(line, "run finished");
    return { run: summary, messages: this.messages };
  }
}
