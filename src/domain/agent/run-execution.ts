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
import type { InterruptRecord, ResponseFigures, SessionRecord, StoredMessage } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ChatMessage, RunStatus, TokenUsage, ToolCall } from "../../kernel/chat.js";
import { isStoreUnavailable } from "../../kernel/errors.js";
import { buildActiveContext, toChatMessage } from "../context/active-context.js";
import { sessionFenceId, withGuardNotice } from "../shared/fence.js";
import { responseFigures, type CompressOutcome, type RunCompression } from "../shared/compression.js";
import { publicMessage, type MessageInput } from "../shared/message-shape.js";
import { viewInterrupt } from "../shared/interrupt-view.js";
import type { ModelTurn } from "../llm/chat-turn.js";
import { callRunModel } from "./run-model-call.js";
import { ModelFailure } from "../shared/model-errors.js";
import type { FinishedRun, LoopDeps, RunParams } from "./run-params.js";
import { CANCELLED_TOOL_RESULT, INTERRUPTED_TOOL_RESULT, RunAborted, unlessAborted } from "./run-stop.js";
import { summarizeRun } from "../shared/run-summary.js";
import type { ModelCallView } from "../events/event-types.js";
import type { PendingEvent } from "../events/bus.js";
import type { MeteredCall } from "../shared/metering.js";
import { RunToolCalls } from "./run-tool-calls.js";
import type { SessionTools } from "./tool-registry.js";
import type { ToolImage } from "../shared/tools.js";
import { forRun, meteredTurn } from "./turn-usage.js";
import { failureOf } from "./run-failures.js";
import { RunTally } from "./run-tally.js";

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

/** A model answer as the run holds it: with the call's public view and what was sent. */
type AnsweredTurn = ModelTurn & { call: ModelCallView };

/**
 * A final answer the run stores with its end, with the call that produced it (recorded in the same transaction) and
 * the figures it leaves on the session.
 */
type FinalAnswer = { turn: AnsweredTurn; metered: MeteredCall; figures: ResponseFigures };

/** The stored shape of a model answer with `calls` (ids made unique): text-less when it only calls tools. */
function answerInput(turn: ModelTurn, calls: ToolCall[]): MessageInput {
  const input: MessageInput = {
    role: "assistant",
    content: turn.content === null || (calls.length && !turn.content.trim()) ? null : turn.content,
  };
  if (calls.length) input.tool_calls = calls;
  if (turn.reasoning) input.reasoning = turn.reasoning;
  return input;
}

/**
 * One stretch of an agent run (SPEC §4.1): model call, tool calls, repeat until a final answer, the iteration budget,
 * a cancel, a model failure, or a pause on interrupts. Every message is persisted the moment it exists, so the
 * transcript is whole whatever stops the run.
 */
export class RunExecution {
  private readonly messages: StoredMessage[] = [];
  private readonly tally: RunTally;
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
    this.tally = new RunTally(params.run);
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
    let status: RunStatus;
    let error: string | null;
    let waitingOn: InterruptRecord[] = [];
    let answer: FinalAnswer | undefined;
    try {
      ({ status, error, waitingOn, answer } = await this.loop());
    } catch (err) {
      ({ status, error } = this.failureOf(err));
    }
    try {
      if (status === "requires_action") return await this.pause(waitingOn);
      await this.calls.closeOpen(status === "cancelled" ? CANCELLED_TOOL_RESULT : INTERRUPTED_TOOL_RESULT);
      return answer ? await this.finishWith(answer, status, error) : await this.finish(status, error);
    } catch (err) {
      if (!isStoreUnavailable(err)) throw err;
      return this.unrecorded((err as Error).message);
    }
  }

  private failureOf(err: unknown): { status: RunStatus; error: string } {
    const ids = { run_id: this.params.run.id, session_id: this.params.sessionId };
    return failureOf(err, this.params.signal, this.deps.logger, ids);
  }

  /**
   * The run's end with its final answer (finish). When the answer cannot be stored, nothing of that transaction is:
   * the call is recorded on its own, and the run fails as it would had the answer's write failed in the loop.
   */
  private async finishWith(answer: FinalAnswer, status: RunStatus, error: string | null): Promise<FinishedRun> {
    try {
      return await this.finish(status, error, answer);
    } catch (err) {
      if (isStoreUnavailable(err)) throw err;
      await this.deps.meter?.record(answer.metered);
      const failed = this.failureOf(err);
      return this.finish(failed.status, failed.error);
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
    const summary = summarizeRun({ ...run, ...this.tally.progress(), status: "interrupted", error });
    return { run: summary, messages: this.messages, interrupts: [], unrecorded: true };
  }

  private async loop(): Promise<{
    status: RunStatus;
    error: string | null;
    waitingOn: InterruptRecord[];
    /** A final answer not stored yet: finish stores it with the run's end. */
    answer?: FinalAnswer;
  }> {
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
      if (this.tally.iterations >= maxIterations) {
        return {
          status: "incomplete",
          error: `the iteration budget (agent.max_iterations = ${maxIterations}) was spent before a final answer`,
          waitingOn: [],
        };
      }
      if (signal.aborted) throw new RunAborted();
      await this.takeSteers();
      await unlessAborted(tools.refresh(signal), signal);
      this.tally.iterations += 1;
      const { turn, metered } = await this.callModel(tools);
      this.tally.add(turn.usage);
      if (!turn.content?.trim() && turn.toolCalls.length === 0) {
        await this.deps.meter?.record(metered);
        await this.saveProgress();
        throw new ModelFailure(
          "empty",
          "the model returned an empty answer (no text and no tool calls); retry, or check the model endpoint",
        );
      }
      const ended =
        turn.finishReason === "length"
          ? {
              status: "incomplete" as const,
              error: "the answer was cut off at the model's output limit (finish_reason: length)",
            }
          : { status: "completed" as const, error: null };
      // A response that needs no compression leaves only its figures on the session: they are written with the
      // answer, and a final answer is stored with the run's end (finish).
      const figures = (await this.settlesQuietly(turn)) ? responseFigures(turn.usage!) : undefined;
      if (figures && turn.toolCalls.length === 0 && !this.calls.anyOpen)
        return { ...ended, waitingOn: [], answer: { turn, metered, figures } };
      await this.deps.meter?.record(metered);
      const calls = await this.persistAssistant(turn, figures);
      if (!turn.usage) await this.checkEstimatedSize();
      else if (!figures) await this.recordUsage(turn.usage);
      if (calls.length === 0) return { ...ended, waitingOn: [] };
      const waitingOn = await this.calls.handle(tools, calls, session);
      if (waitingOn.length > 0) return { status: "requires_action", error: null, waitingOn };
    }
  }

  /** The model's answer, and the call as it is to be recorded (by the caller, with the answer or just before it). */
  private async callModel(tools: SessionTools): Promise<{ turn: AnsweredTurn; metered: MeteredCall }> {
    const { run } = this.params;
    await this.deps.meter?.checkBudget(run.key_id);
    const sent = this.fenceId ? withGuardNotice(this.context, this.fenceId) : this.context;
    const turn = await callRunModel(this.deps, this.params, sent, tools);
    const metered = meteredTurn(this.params, turn.sent, turn);
    // A session that has never compressed has saved nothing: its summaries need not be summed (nothing else compresses
    // a session while its run goes on).
    if (this.params.session.compression_count === 0 && !this.tally.compressed) metered.saved_tokens = 0;
    return { turn, metered };
  }

  /**
   * Whether a response leaves nothing to do but write its figures: real usage, and no context engine or one that
   * calls for no compression (decided on the session record the run started from, which only a compression — none in
   * this run — would have changed).
   */
  private async settlesQuietly(turn: AnsweredTurn): Promise<boolean> {
    const cm = this.deps.compression;
    if (!turn.usage) return false;
    if (!cm) return true;
    return !this.tally.compressed && cm.settlesQuietly(this.params.session, turn.usage);
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

  private async persistAssistant(turn: AnsweredTurn, figures?: ResponseFigures): Promise<ToolCall[]> {
    const calls = await uniqueCallIds(this.deps.store, this.params.sessionId, turn.toolCalls);
    const row = await this.persist(answerInput(turn, calls), turn.call, turn.model, figures);
    this.calls.opened(calls);
    this.context.push(toChatMessage(row, this.fenceId));
    return calls;
  }

  /**
   * The model's answer, the run's progress and the event announcing the answer, in one transaction. The event names
   * the model that wrote it: a fallback's when one stood in.
   */
  private async persist(
    input: MessageInput,
    call: ModelCallView,
    answeredBy: string,
    figures?: ResponseFigures,
  ): Promise<StoredMessage> {
    const { store, events } = this.deps;
    const { sessionId } = this.params;
    const row = await events.publishWithin(sessionId, (stage) =>
      store.transaction(async () => {
        const { stored, event } = await this.appendAnswer(input, call, answeredBy, figures);
        await this.saveProgress();
        await stage([event]);
        return stored;
      }),
    );
    this.messages.push(row);
    return row;
  }

  /**
   * Stores an answer of the model (with the response's figures, when given) and answers the event announcing it,
   * for the caller to stage in its transaction.
   */
  private async appendAnswer(
    input: MessageInput,
    call: ModelCallView,
    answeredBy: string,
    figures?: ResponseFigures,
  ): Promise<{ stored: StoredMessage; event: PendingEvent }> {
    const { sessionId, run } = this.params;
    const meta = { model: answeredBy, runId: run.id, figures };
    const [stored] = await this.deps.transcript.append(sessionId, [input], meta);
    const data = { run_id: run.id, message: publicMessage(stored), model_call: call, model: answeredBy };
    return { stored, event: { type: "message.created", data } };
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

  /** The engine records a response that may compress (without an engine, every response settles quietly). */
  private async recordUsage(usage: TokenUsage): Promise<void> {
    const { sessionId, signal } = this.params;
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
    this.tally.compressed = true;
    if (reload) await this.reloadContext();
  }

  /** The active context as stored; read at the start and again after every compression. */
  private async reloadContext(session?: SessionRecord): Promise<void> {
    const current = session ?? (await this.deps.sessions.require(this.params.sessionId));
    this.context = (await buildActiveContext(this.deps.store, current, this.fenceId)).messages;
  }

  private async saveProgress(): Promise<void> {
    await this.deps.store.runs.update(this.params.run.id, this.tally.progress(), this.deps.now());
  }

  /** A final answer that settled quietly, with what it leaves: its usage row and the session's figures. */
  private async storeFinalAnswer({ turn, metered, figures }: FinalAnswer): Promise<{
    stored: StoredMessage;
    event: PendingEvent;
  }> {
    await this.deps.meter?.record(metered);
    return this.appendAnswer(answerInput(turn, []), turn.call, turn.model, figures);
  }

  /** The run waits on `interrupts`: its status says so, and nothing of it stays in memory. */
  private async pause(interrupts: InterruptRecord[]): Promise<FinishedRun> {
    const { store, events } = this.deps;
    const { run, sessionId } = this.params;
    const views = interrupts.map(viewInterrupt);
    // The status and the event that announces it, in one transaction.
    const summary = await events.publishWithin(sessionId, (stage) =>
      store.transaction(async () => {
        const patch = { ...this.tally.progress(), status: "requires_action" as const };
        const record = await store.runs.update(run.id, patch, this.deps.now());
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
   * (a crash never leaves a finished run unannounced, nor an announcement of a run still running). A final answer
   * that settled quietly (endsQuietly) is stored in the same transaction, first: its usage row, the answer and its
   * event, and the session's figures.
   */
  private async finish(status: RunStatus, error: string | null, answer?: FinalAnswer): Promise<FinishedRun> {
    const { store, events } = this.deps;
    const { run, sessionId } = this.params;
    let answered: StoredMessage | null = null;
    const type =
      status === "completed" || status === "incomplete"
        ? "run.completed"
        : status === "cancelled"
          ? "run.cancelled"
          : "run.failed";
    const summary = await events.publishWithin(sessionId, (stage) =>
      store.transaction(async () => {
        const announced: PendingEvent[] = [];
        if (answer) {
          const { stored, event } = await this.storeFinalAnswer(answer);
          answered = stored;
          announced.push(event);
        }
        const now = this.deps.now();
        const final = { ...this.tally.progress(), status, error, finished_at: now };
        // A run stopped while some of its calls waited for an answer: those answers can no longer be given.
        if (this.calls.touchedInterrupts)
          await store.interrupts.cancelPendingForRun(run.id, now, `${status}: ${error ?? ""}`);
        const record = (await store.runs.update(run.id, final, now)) ?? { ...run, ...final };
        const ended = summarizeRun(record);
        await stage([...announced, { type, data: { run: ended } }]);
        return ended;
      }),
    );
    // Known once committed, as every message of the run.
    if (answered) this.messages.push(answered);
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
