/**
 * @module run-execution
 * One stretch of an agent run: the model is called and the tools it asks for are run, turn after turn, until a
 * final answer, the iteration budget, a cancel, a failure — or a pause, when a call needs a person's approval or is
 * one of the client's own tools. A paused run holds nothing in memory: it is resumed by a new execution that first
 * answers the paused calls from the stored interrupts. Every message is stored and announced as it is made, steering
 * messages are taken in before each model call, and the context is compressed at the run's safe points; the calls
 * themselves are ./run-tool-calls.ts's.
 */
import { randomBytes } from "node:crypto";
import type { InterruptRecord, SessionRecord, StoredMessage } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ChatMessage, RunStatus, TokenUsage, ToolCall } from "../../kernel/chat.js";
import { isStoreUnavailable } from "../../kernel/errors.js";
import { buildActiveContext, toChatMessage } from "../context/active-context.js";
import { sessionFenceId, withGuardNotice } from "../shared/fence.js";
import type { CompressOutcome, RunCompression } from "../shared/compression.js";
import { publicMessage, type MessageInput } from "../shared/message-shape.js";
import { viewInterrupt } from "../shared/interrupt-view.js";
import type { ModelTurn } from "../llm/chat-turn.js";
import { callRunModel } from "./run-model-call.js";
import { ModelFailure } from "../shared/model-errors.js";
import type { FinishedRun, LoopDeps, RunParams } from "./run-params.js";
import { CANCELLED_TOOL_RESULT, INTERRUPTED_TOOL_RESULT, RunAborted, unlessAborted } from "./run-stop.js";
import { summarizeRun } from "../shared/run-summary.js";
import type { ModelCallView } from "../events/event-types.js";
import { RunToolCalls } from "./run-tool-calls.js";
import type { SessionTools } from "./tool-registry.js";
import type { ToolImage } from "../shared/tools.js";
import { forRun, meteredTurn } from "./turn-usage.js";
import { failureOf } from "./run-failures.js";

/**
 * Some OpenAI-compatible servers leave tool-call ids empty or number them per response (`call_0` every time); ids
 * must be unique in the session for results to pair, so those get a fresh one. The model sees the stored ids from
 * then on.
 */
async function uniqueCallIds(store: Store, sessionId: string, calls: ToolCall[]): Promise<ToolCall[]> {
  const seen = new Set<string>();
  const unique: ToolCall[] = [];
  for (const call of calls) {
    const taken = !call.id || seen.has(call.id) || (await store.messages.findToolCall(sessionId, call.id)) !== null;
    const id = taken ? `call_${randomBytes(12).toString("hex")}` : call.id;
    seen.add(id);
    unique.push(taken ? { ...call, id } : call);
  }
  return unique;
}

/**
 * One stretch of an agent run (SPEC §4.1): model call, tool calls, repeat until a final answer, the iteration budget,
 * a cancel, a model failure, or a pause on interrupts. Every message is persisted the moment it exists, so the
 * transcript is whole whatever stops the run.
 */
export class RunExecution {
  private readonly messages: StoredMessage[] = [];
  private readonly usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  /** Prompt tokens the provider read from and wrote to its cache, as it reported them. */
  private readonly cache = { read_tokens: 0, write_tokens: 0 };
  private iterations = 0;
  private compressed = false;
  /** Monotonic, unlike the injected clock (which tests may hold still): durations in the log are real. */
  private readonly startedAt = performance.now();
  private context: ChatMessage[] = [];
  /** Set when a steering message was stored for the run: it is taken in before the next model call. */
  private steerWaiting = false;
  /** The guard's fence id for the session's untrusted content (null when the guard is off); set as the loop starts. */
  private fenceId: string | null = null;
  private readonly calls: RunToolCalls;

  constructor(
    private readonly deps: LoopDeps,
    private readonly params: RunParams,
  ) {
    if (params.userMessage) this.messages.push(params.userMessage);
    const { run } = params;
    this.iterations = run.iterations;
    Object.assign(this.usage, run.usage);
    Object.assign(this.cache, run.cache);
    this.compressed = run.compressed;
    // A resumed run (or one that was steered before it started) looks for waiting steers once.
    this.steerWaiting = params.userMessage === null;
    this.calls = new RunToolCalls(deps, params, {
      write: async (input, images) => this.stored(await this.writeResult(input, images)),
      took: (row) => this.context.push(toChatMessage(row, this.fenceId)),
    });
  }

  /** A steering message was stored for this run. */
  steered(): void {
    this.steerWaiting = true;
  }

  async execute(): Promise<FinishedRun> {
    const { signal } = this.params;
    let status: RunStatus;
    let error: string | null;
    let waitingOn: InterruptRecord[] = [];
    try {
      ({ status, error, waitingOn } = await this.loop());
    } catch (err) {
      const ids = { run_id: this.params.run.id, session_id: this.params.sessionId };
      ({ status, error } = failureOf(err, signal, this.deps.logger, ids));
    }
    try {
      if (status === "requires_action") return await this.pause(waitingOn);
      await this.calls.closeOpen(status === "cancelled" ? CANCELLED_TOOL_RESULT : INTERRUPTED_TOOL_RESULT);
      return await this.finish(status, error);
    } catch (err) {
      if (!isStoreUnavailable(err)) throw err;
      return this.unrecorded((err as Error).message);
    }
  }

  /** The stretch's end when the database cannot take it: interrupted, as the runner records it once it can. */
  private unrecorded(why: string): FinishedRun {
    const { run, sessionId } = this.params;
    const error = `interrupted: ${why}`;
    this.deps.logger.warn(
      { run_id: run.id, session_id: sessionId, error },
      "run interrupted: the database is out of reach; its end is recorded once it is back",
    );
    const summary = summarizeRun({
      ...run,
      status: "interrupted",
      error,
      iterations: this.iterations,
      usage: { ...this.usage },
      compressed: this.compressed,
    });
    return { run: summary, messages: this.messages, interrupts: [], unrecorded: true };
  }

  private async loop(): Promise<{ status: RunStatus; error: string | null; waitingOn: InterruptRecord[] }> {
    const { sessionId, signal, tools, maxIterations, userMessage, session } = this.params;
    if (userMessage) await this.compressAt((cm, id) => cm.prepareForRun(sessionId, signal, id), false);
    this.fenceId = sessionFenceId(this.deps.config, session);
    if (!userMessage) {
      // A resumed run may be the first thing since a restart: its tools' sources get ready before its calls run.
      await unlessAborted(tools.refresh(signal), signal);
      await this.calls.settlePaused(session);
    }
    await this.reloadContext(session);
    while (true) {
      if (this.iterations >= maxIterations) {
        return {
          status: "incomplete",
          error: `the iteration budget (agent.max_iterations = ${maxIterations}) was spent before a final answer`,
          waitingOn: [],
        };
      }
      if (signal.aborted) throw new RunAborted();
      await this.takeSteers();
      await unlessAborted(tools.refresh(signal), signal);
      this.iterations += 1;
      const turn = await this.callModel(tools);
      this.addUsage(turn.usage);
      if (!turn.content?.trim() && turn.toolCalls.length === 0) {
        await this.saveProgress();
        throw new ModelFailure(
          "empty",
          "the model returned an empty answer (no text and no tool calls); retry, or check the model endpoint",
        );
      }
      const calls = await this.persistAssistant(turn);
      if (turn.usage) await this.recordUsage(turn.usage);
      else await this.checkEstimatedSize();
      if (calls.length === 0) {
        if (turn.finishReason === "length") {
          return {
            status: "incomplete",
            error: "the answer was cut off at the model's output limit (finish_reason: length)",
            waitingOn: [],
          };
        }
        return { status: "completed", error: null, waitingOn: [] };
      }
      const waitingOn = await this.calls.handle(tools, calls, session);
      if (waitingOn.length > 0) return { status: "requires_action", error: null, waitingOn };
    }
  }

  private async callModel(tools: SessionTools): Promise<ModelTurn & { call: ModelCallView }> {
    const { run } = this.params;
    await this.deps.meter?.checkBudget(run.key_id);
    const sent = this.fenceId ? withGuardNotice(this.context, this.fenceId) : this.context;
    const turn = await callRunModel(this.deps, this.params, sent, tools);
    const metered = meteredTurn(this.params, turn.sent, turn);
    // A session that has never compressed has saved nothing: its summaries need not be summed (nothing else compresses
    // a session while its run goes on).
    if (this.params.session.compression_count === 0 && !this.compressed) metered.saved_tokens = 0;
    await this.deps.meter?.record(metered);
    return turn;
  }

  /** Steering messages stored since the last model call become user messages of the run, in the order they came. */
  private async takeSteers(): Promise<void> {
    if (!this.steerWaiting) return;
    this.steerWaiting = false;
    const { store } = this.deps;
    const { sessionId, model, run } = this.params;
    for (const steer of await store.steers.waiting(run.id)) {
      const row = await store.transaction(async () => {
        const [stored] = await this.deps.transcript.append(sessionId, [{ role: "user", content: steer.content }], {
          model,
          runId: run.id,
        });
        await store.steers.markTaken(steer.id, stored.seq);
        return stored;
      });
      // Announced once committed: a subscriber never hears of a row that was rolled back.
      await this.stored(row);
      this.context.push(toChatMessage(row, this.fenceId));
    }
  }

  private async persistAssistant(turn: ModelTurn & { call: ModelCallView }): Promise<ToolCall[]> {
    const calls = await uniqueCallIds(this.deps.store, this.params.sessionId, turn.toolCalls);
    const input: MessageInput = {
      role: "assistant",
      content: turn.content === null || (calls.length && !turn.content.trim()) ? null : turn.content,
    };
    if (calls.length) input.tool_calls = calls;
    if (turn.reasoning) input.reasoning = turn.reasoning;
    const row = await this.persist(input, turn.call, turn.model);
    this.calls.opened(calls);
    this.context.push(toChatMessage(row, this.fenceId));
    return calls;
  }

  /**
   * The model's answer, the run's progress and the event announcing the answer, in one transaction. The event names
   * the model that wrote it: a fallback's when one stood in.
   */
  private async persist(input: MessageInput, call: ModelCallView, answeredBy: string): Promise<StoredMessage> {
    const { store, events, transcript } = this.deps;
    const { sessionId, run } = this.params;
    const row = await events.publishWithin(sessionId, (stage) =>
      store.transaction(async () => {
        const [stored] = await transcript.append(sessionId, [input], { model: answeredBy, runId: run.id });
        await this.saveProgress();
        const data = { run_id: run.id, message: publicMessage(stored), model_call: call, model: answeredBy };
        await stage([{ type: "message.created", data }]);
        return stored;
      }),
    );
    this.messages.push(row);
    return row;
  }

  /** A tool's result, with the images it returned stored once beside the row, which references them. */
  private async writeResult(
    input: MessageInput & { role: "tool"; content: string },
    images: ToolImage[],
  ): Promise<StoredMessage> {
    const { sessionId, model, run } = this.params;
    const meta = { model, runId: run.id };
    if (images.length) return this.deps.transcript.appendToolResult(sessionId, input, images, meta);
    const [row] = await this.deps.transcript.append(sessionId, [input], meta);
    return row;
  }

  private async stored(
    row: StoredMessage,
    answer?: { model_call: ModelCallView; model: string },
  ): Promise<StoredMessage> {
    const { sessionId, run } = this.params;
    this.messages.push(row);
    await this.deps.events.publish(sessionId, "message.created", {
      run_id: run.id,
      message: publicMessage(row),
      ...answer,
    });
    return row;
  }

  private async recordUsage(usage: TokenUsage): Promise<void> {
    const { sessionId, signal } = this.params;
    if (!this.deps.compression) {
      // Without a context engine the session's figures are still kept up to date; the engine does it otherwise.
      await this.deps.store.sessions.update(
        sessionId,
        { last_prompt_tokens: usage.prompt_tokens, last_completion_tokens: usage.completion_tokens },
        this.deps.now(),
      );
    }
    await this.compressAt((cm, id) => cm.afterResponse(sessionId, usage, signal, id), true);
  }

  /** A server that reports no usage leaves the stored estimate as the only count: the pre-run check runs on it. */
  private async checkEstimatedSize(): Promise<void> {
    const { sessionId, signal } = this.params;
    await this.compressAt((cm, id) => cm.prepareForRun(sessionId, signal, id), true);
  }

  /**
   * Calls the session's context engine at one of the run's safe points, naming the run (its events say so); when it
   * compressed, the run says so and (with `reload`) reads the active context again.
   */
  private async compressAt(
    call: (cm: RunCompression, runId: string) => Promise<CompressOutcome | null>,
    reload: boolean,
  ): Promise<void> {
    const cm = this.deps.compression;
    if (!cm) return;
    const { run, signal } = this.params;
    const outcome = await unlessAborted(
      forRun(this.deps.meter, run, () => call(cm, run.id)),
      signal,
    );
    if (!outcome?.compressed) return;
    this.compressed = true;
    if (reload) await this.reloadContext();
  }

  /** The active context as stored; read at the start and again after every compression. */
  private async reloadContext(session?: SessionRecord): Promise<void> {
    const current = session ?? (await this.deps.sessions.require(this.params.sessionId));
    this.context = (await buildActiveContext(this.deps.store, current, this.fenceId)).messages;
  }

  private addUsage(usage: TokenUsage | null): void {
    if (!usage) return;
    this.usage.prompt_tokens += usage.prompt_tokens;
    this.usage.completion_tokens += usage.completion_tokens;
    this.usage.total_tokens += usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens;
    this.cache.read_tokens += usage.cache_read_tokens ?? 0;
    this.cache.write_tokens += usage.cache_write_tokens ?? 0;
  }

  private async saveProgress(): Promise<void> {
    await this.deps.store.runs.update(
      this.params.run.id,
      { iterations: this.iterations, usage: { ...this.usage }, cache: { ...this.cache }, compressed: this.compressed },
      this.deps.now(),
    );
  }

  /** The run waits on `interrupts`: its status says so, and nothing of it stays in memory. */
  private async pause(interrupts: InterruptRecord[]): Promise<FinishedRun> {
    const { store, events } = this.deps;
    const { run, sessionId } = this.params;
    const views = interrupts.map(viewInterrupt);
    // The status and the event that announces it, in one transaction.
    const summary = await events.publishWithin(sessionId, (stage) =>
      store.transaction(async () => {
        const record = await store.runs.update(
          run.id,
          {
            status: "requires_action",
            iterations: this.iterations,
            usage: { ...this.usage },
            cache: { ...this.cache },
            compressed: this.compressed,
          },
          this.deps.now(),
        );
        const paused = summarizeRun(record ?? { ...run, status: "requires_action" });
        await stage([{ type: "run.requires_action", data: { run: paused, interrupts: views } }]);
        return paused;
      }),
    );
    this.deps.logger.info(
      {
        run_id: run.id,
        session_id: sessionId,
        interrupts: interrupts.map((i) => ({ id: i.id, kind: i.kind, tool: i.tool ?? undefined })),
      },
      "run waits for an answer",
    );
    return { run: summary, messages: this.messages, interrupts: views };
  }

  /**
   * The run's end: its pending interrupts cancelled, its record and the event that announces it, in one transaction
   * (a crash never leaves a finished run unannounced, nor an announcement of a run still running).
   */
  private async finish(status: RunStatus, error: string | null): Promise<FinishedRun> {
    const { store, events } = this.deps;
    const { run, sessionId } = this.params;
    const now = this.deps.now();
    const final = {
      status,
      error,
      iterations: this.iterations,
      usage: { ...this.usage },
      cache: { ...this.cache },
      compressed: this.compressed,
      finished_at: now,
    };
    const type =
      status === "completed" || status === "incomplete"
        ? "run.completed"
        : status === "cancelled"
          ? "run.cancelled"
          : "run.failed";
    const summary = await events.publishWithin(sessionId, (stage) =>
      store.transaction(async () => {
        // A run stopped while some of its calls waited for an answer: those answers can no longer be given.
        if (this.calls.touchedInterrupts)
          await store.interrupts.cancelPendingForRun(run.id, now, `${status}: ${error ?? ""}`);
        const record = (await store.runs.update(run.id, final, now)) ?? { ...run, ...final };
        const ended = summarizeRun(record);
        await stage([{ type, data: { run: ended } }]);
        return ended;
      }),
    );
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
    return { run: summary, messages: this.messages, interrupts: [] };
  }
}
