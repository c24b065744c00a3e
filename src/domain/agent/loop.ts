/**
 * @module loop
 * One stretch of an agent run: the model is called and the tools it asks for are run, turn after turn, until a
 * final answer, the iteration budget, a cancel, a failure — or a pause, when a call needs a person's approval or is
 * one of the client's own tools. A paused run holds nothing in memory: it is resumed by a new execution that first
 * answers the paused calls from the stored interrupts. Every message is stored and announced as it is made, steering
 * messages are taken in before each model call, the context is compressed at the run's safe points, and tool calls a
 * stopped run leaves open get an "interrupted" (or "cancelled") result.
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
import type { ApprovalPolicy } from "../sessions/settings.js";
import { callModel, ModelCallError, type ModelTurn } from "./model-call.js";
import type { SessionTools } from "./tool-registry.js";
import type { ToolImage, ToolOutput } from "./tools.js";
import type { RunRecord, SessionRecord, StoredMessage } from "../../db/records.js";
import { summarizeRun, type RunResultSummary } from "./run-summary.js";
import type { InterruptRecord, NewInterrupt } from "../../db/records.js";
import type { ChatMessage, FunctionTool, RunStatus, TokenUsage, ToolCall } from "../../kernel/chat.js";
import { isStoreUnavailable } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { redactDeep, redactSecrets } from "../../kernel/redaction.js";
import { headOf } from "../../kernel/text.js";
import { approvalModeFor, refusalResult } from "./approvals.js";
import { viewInterrupt, type InterruptView } from "./interrupt-view.js";

export type LoopDeps = {
  config: Config;
  store: Store;
  events: EventBus;
  transcript: Transcript;
  sessions: SessionService;
  /** Compresses at a run's safe points; without one the session's figures are kept up to date by the loop. */
  contextManager?: ContextManager;
  /**
   * The active context as the model is sent it: the images tools returned resolved for the model (shown to one with
   * vision, else left to their text), then model-specific request markers (prompt caching).
   */
  prepareMessages: (sessionId: string, model: string, messages: ChatMessage[]) => Promise<ChatMessage[]>;
  logger: Logger;
  now: () => number;
};

export type RunParams = {
  run: RunRecord;
  sessionId: string;
  model: string;
  client: OpenAI;
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

/** Why a run was stopped from outside, and the status that gives it. */
export class RunStop {
  constructor(
    readonly status: "cancelled" | "interrupted",
    readonly reason: string,
  ) {}
}

// Routes and use cases name a run's summary through the loop that produces it.
export type { RunResultSummary };

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
   * until the runner can record that (../runner.ts retries once the store is back).
   */
  unrecorded?: boolean;
};

/** How much of a failed tool call's error text its log line shows. */
const TOOL_ERROR_LOGGED_CHARS = 300;

export const INTERRUPTED_TOOL_RESULT =
  "Error: the run was interrupted before this tool call finished; its outcome is unknown.";
export const CANCELLED_TOOL_RESULT =
  "Error: the run was cancelled before this tool call finished (or while it waited for an answer); its outcome is unknown.";

class RunAborted extends Error {}

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof RunStop) return reason.reason;
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

/** A call's arguments as an approval shows them: parsed and redacted when they are JSON, redacted as text otherwise. */
function redactedArguments(raw: string): string {
  try {
    return JSON.stringify(redactDeep(JSON.parse(raw) as unknown));
  } catch {
    return redactSecrets(raw);
  }
}

/** What a paused turn's calls came to when the run resumes: the output each answered call gets, or that it runs. */
type Settlement = { call: ToolCall; run: true } | { call: ToolCall; run: false; content: string; isError: boolean };

/**
 * One stretch of an agent run (SPEC §4.1): model call, tool calls, repeat until a final answer, the iteration budget,
 * a cancel, a model failure, or a pause on interrupts. Every message is persisted the moment it exists, so the
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
  /** Set when a steering message was stored for the run: it is taken in before the next model call. */
  private steerWaiting = false;
  private readonly clientToolNames: ReadonlySet<string>;
  /** Whether this stretch raised interrupts (or resumed from some): a stop must cancel those still pending. */
  private touchedInterrupts: boolean;

  constructor(
    private readonly deps: LoopDeps,
    private readonly params: RunParams,
  ) {
    if (params.userMessage) this.messages.push(params.userMessage);
    const { run } = params;
    this.iterations = run.iterations;
    Object.assign(this.usage, run.usage);
    this.compressed = run.compressed;
    this.clientToolNames = new Set(params.clientTools.map((tool) => tool.function.name));
    // A resumed run (or one that was steered before it started) looks for waiting steers once.
    this.steerWaiting = params.userMessage === null;
    this.touchedInterrupts = params.userMessage === null;
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
      if (signal.aborted || err instanceof RunAborted) {
        const stop = signal.reason instanceof RunStop ? signal.reason : null;
        status = stop?.status ?? "interrupted";
        error = `${status}: ${abortReason(signal)}`;
      } else if (err instanceof ModelCallError) {
        status = "failed";
        error = err.message;
        this.deps.logger.warn(
          { run_id: this.params.run.id, session_id: this.params.sessionId, kind: err.kind, status: err.status },
          "model call failed",
        );
      } else if (isStoreUnavailable(err)) {
        status = "interrupted";
        error = `interrupted: ${(err as Error).message}`;
      } else {
        status = "failed";
        error = `internal error during the run: ${err instanceof Error ? err.message : String(err)}`;
        this.deps.logger.error({ err, run_id: this.params.run.id }, "run failed with an internal error");
      }
    }
    try {
      if (status === "requires_action") return await this.pause(waitingOn);
      await this.closeOpenCalls(status === "cancelled" ? CANCELLED_TOOL_RESULT : INTERRUPTED_TOOL_RESULT);
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
    const { sessionId, signal, tools, maxIterations, userMessage } = this.params;
    if (userMessage) this.noteCompression(await this.contextManagerCall((cm) => cm.prepareForRun(sessionId, signal)));
    // Read once for the run: the tools and the context are built from it; a compression reads it again.
    const session = await this.deps.sessions.require(sessionId);
    if (!userMessage) {
      // A resumed run may be the first thing since a restart: its tools' sources get ready before its calls run.
      await unlessAborted(tools.refresh(signal), signal);
      await this.settlePausedCalls(session);
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
        throw new ModelCallError(
          "empty",
          "the model returned an empty answer (no text and no tool calls); retry, or check the model endpoint",
        );
      }
      const calls = await this.persistAssistant(turn);
      await this.saveProgress();
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
      const waitingOn = await this.handleCalls(tools, calls, session);
      if (waitingOn.length > 0) return { status: "requires_action", error: null, waitingOn };
    }
  }

  private async callModel(tools: SessionTools): Promise<ModelTurn> {
    const { run, model, client, signal, streamModel, sessionId, clientTools } = this.params;
    const messages = await this.deps.prepareMessages(sessionId, model, this.context);
    const schemas = clientTools.length ? [...tools.schemas(), ...clientTools] : tools.schemas();
    const { events } = this.deps;
    // The whole reasoning is announced once, before the answer it led to (or at the end when none follows).
    let thought = "";
    let announced = false;
    const announce = () => {
      if (announced || !thought) return;
      announced = true;
      // Streamed chunks are published without waiting: the bus stores them in order, before what follows them.
      void events.publish(sessionId, "reasoning.available", { run_id: run.id, text: thought });
    };
    const turn = await callModel(
      client,
      { model, messages, tools: schemas },
      {
        signal,
        // Stream from the model when someone watches the session live, so they see the answer grow.
        stream: streamModel || events.hasListeners(sessionId),
        onDelta: (content) => {
          announce();
          void events.publish(sessionId, "message.delta", { run_id: run.id, content });
        },
        onReasoningDelta: (content) => {
          thought += content;
          void events.publish(sessionId, "reasoning.delta", { run_id: run.id, content });
        },
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
    if (!thought && turn.reasoning) thought = turn.reasoning;
    announce();
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
      this.context.push(toChatMessage(row));
    }
  }

  private async persistAssistant(turn: ModelTurn): Promise<ToolCall[]> {
    const calls = await this.uniqueCallIds(turn.toolCalls);
    const input: MessageInput = {
      role: "assistant",
      content: turn.content === null || (calls.length && !turn.content.trim()) ? null : turn.content,
    };
    if (calls.length) input.tool_calls = calls;
    if (turn.reasoning) input.reasoning = turn.reasoning;
    const row = await this.persist(input);
    for (const call of calls) this.openCalls.set(call.id, call);
    this.context.push(toChatMessage(row));
    return calls;
  }

  /**
   * Some OpenAI-compatible servers leave tool-call ids empty or number them per response
   * (`call_0` every time); ids must be unique in the session for results to pair, so those get a
   * fresh one. The model sees the stored ids from then on.
   */
  private async uniqueCallIds(calls: ToolCall[]): Promise<ToolCall[]> {
    const seen = new Set<string>();
    const unique: ToolCall[] = [];
    for (const call of calls) {
      const taken =
        !call.id ||
        seen.has(call.id) ||
        (await this.deps.store.messages.findToolCall(this.params.sessionId, call.id)) !== null;
      const id = taken ? `call_${randomBytes(12).toString("hex")}` : call.id;
      seen.add(id);
      unique.push(taken ? { ...call, id } : call);
    }
    return unique;
  }

  private async persist(input: MessageInput): Promise<StoredMessage> {
    const { sessionId, model, run } = this.params;
    const [row] = await this.deps.transcript.append(sessionId, [input], { model, runId: run.id });
    return this.stored(row);
  }

  /** A tool's result with the images it returned: stored once beside the row, which references them. */
  private async persistWithImages(
    input: MessageInput & { role: "tool"; content: string },
    images: ToolImage[],
  ): Promise<StoredMessage> {
    const { sessionId, model, run } = this.params;
    return this.stored(await this.deps.transcript.appendToolResult(sessionId, input, images, { model, runId: run.id }));
  }

  private async stored(row: StoredMessage): Promise<StoredMessage> {
    const { sessionId, run } = this.params;
    this.messages.push(row);
    await this.deps.events.publish(sessionId, "message.created", { run_id: run.id, message: publicMessage(row) });
    return row;
  }

  /**
   * The calls of one answer, sorted by the approval policy: allowed server tools run at once (in parallel), refused
   * ones get a refusal result, and those that ask for approval or are the client's own become interrupts the run
   * then waits on. Answers the interrupts that are pending (none: the loop goes on).
   */
  private async handleCalls(
    tools: SessionTools,
    calls: ToolCall[],
    session: SessionRecord,
  ): Promise<InterruptRecord[]> {
    const { store, now } = this.deps;
    const { run, sessionId, approvals } = this.params;
    const toRun: ToolCall[] = [];
    const refused: ToolCall[] = [];
    const asking: ToolCall[] = [];
    const clientCalls: ToolCall[] = [];
    for (const call of calls) {
      const name = call.function.name;
      if (this.clientToolNames.has(name) && !tools.names.includes(name)) clientCalls.push(call);
      else {
        const mode = approvalModeFor(approvals, name);
        (mode === "allow" ? toRun : mode === "deny" ? refused : asking).push(call);
      }
    }
    if (toRun.length === calls.length) {
      await this.runTools(tools, calls, session);
      return [];
    }
    const at = now();
    const approval = (call: ToolCall): NewInterrupt => ({
      id: newId("int", at),
      session_id: sessionId,
      run_id: run.id,
      kind: "approval",
      created_at: at,
      tool: call.function.name,
      tool_call_id: call.id,
      arguments: redactedArguments(call.function.arguments),
    });
    this.touchedInterrupts = true;
    const { pending, byPolicy } = await store.transaction(async () => {
      const byPolicy: InterruptRecord[] = [];
      for (const call of refused)
        byPolicy.push(
          await store.interrupts.createAnswered(approval(call), {
            answered_by: "policy",
            answered_at: at,
            decision: "deny",
            reason: "agent.approvals refuses this tool",
          }),
        );
      const pending: InterruptRecord[] = [];
      for (const call of asking)
        pending.push(await store.interrupts.create({ ...approval(call), expires_at: at + approvals.timeout_s * 1000 }));
      if (clientCalls.length) {
        pending.push(
          await store.interrupts.create({
            id: newId("int", at),
            session_id: sessionId,
            run_id: run.id,
            kind: "client_tool",
            created_at: at,
            tool_calls: clientCalls,
          }),
        );
      }
      return { pending, byPolicy };
    });
    for (const interrupt of byPolicy)
      await this.deps.events.publish(sessionId, "approval.responded", {
        run_id: run.id,
        interrupt: viewInterrupt(interrupt),
      });
    for (const interrupt of pending.filter((i) => i.kind === "approval"))
      await this.deps.events.publish(sessionId, "approval.requested", {
        run_id: run.id,
        interrupt: viewInterrupt(interrupt),
      });
    for (const call of refused) await this.recordToolResult(call, refusalResult("policy", call.function.name, null));
    if (toRun.length) await this.runTools(tools, toRun, session);
    return pending;
  }

  /**
   * A resumed run answers the calls its last answer left open, from the stored interrupts: approved calls run,
   * refused ones get a refusal, the client's outputs become the results of its calls.
   */
  private async settlePausedCalls(session: SessionRecord): Promise<void> {
    const { store } = this.deps;
    const { sessionId, run, tools, approvals } = this.params;
    const openIds = new Set((await store.messages.unansweredToolCalls(sessionId, run.id)).map((call) => call.id));
    if (openIds.size === 0) return;
    const calls = new Map<string, ToolCall>();
    for (const message of await store.messages.listForRun(sessionId, run.id))
      for (const call of message.tool_calls ?? []) if (openIds.has(call.id)) calls.set(call.id, call);
    const settlements: Settlement[] = [];
    const settled = new Set<string>();
    for (const interrupt of await store.interrupts.forRun(run.id)) {
      if (interrupt.kind === "approval" && interrupt.tool_call_id) {
        const call = calls.get(interrupt.tool_call_id);
        if (!call || settled.has(call.id)) continue;
        settled.add(call.id);
        if (interrupt.decision === "approve") settlements.push({ call, run: true });
        else {
          const by =
            interrupt.answered_by === "timeout" || interrupt.answered_by === "policy" ? interrupt.answered_by : "user";
          settlements.push({
            call,
            run: false,
            content: refusalResult(by, call.function.name, interrupt.reason, approvals.timeout_s),
            isError: true,
          });
        }
      } else if (interrupt.kind === "client_tool") {
        for (const output of interrupt.outputs ?? []) {
          const call = calls.get(output.tool_call_id);
          if (!call || settled.has(call.id)) continue;
          settled.add(call.id);
          settlements.push({ call, run: false, content: output.output, isError: false });
        }
      }
    }
    for (const call of calls.values()) this.openCalls.set(call.id, call);
    const toRun = settlements.filter((s) => s.run).map((s) => s.call);
    for (const settlement of settlements)
      if (!settlement.run) await this.recordToolResult(settlement.call, settlement.content, settlement.isError);
    if (toRun.length) await this.runTools(tools, toRun, session);
    // A call nothing answers (its interrupt was lost with a crash between two writes) must not stay open.
    for (const call of calls.values())
      if (this.openCalls.has(call.id)) await this.recordToolResult(call, INTERRUPTED_TOOL_RESULT);
  }

  /**
   * Stores a call's result (its tool's, a refusal, the client's output) with the images the tool returned, closes the
   * call and announces it.
   */
  private async recordToolResult(
    call: ToolCall,
    content: string,
    isError = true,
    images: ToolImage[] = [],
  ): Promise<void> {
    const { sessionId, run } = this.params;
    const input = { role: "tool" as const, content, tool_call_id: call.id, name: call.function.name };
    // Closed before the write is awaited: a run stopped meanwhile must not answer the call a second time.
    this.openCalls.delete(call.id);
    const row = images.length ? await this.persistWithImages(input, images) : await this.persist(input);
    this.context.push(toChatMessage(row));
    await this.deps.events.publish(sessionId, "tool.completed", {
      run_id: run.id,
      tool_call_id: call.id,
      name: call.function.name,
      is_error: isError,
      content,
    });
  }

  /** Tool calls of one answer run in parallel; each result is stored as soon as it is known. */
  private async runTools(tools: SessionTools, calls: ToolCall[], session: SessionRecord): Promise<void> {
    const { sessionId, run, signal } = this.params;
    await Promise.all(
      calls.map(async (call) => {
        await this.deps.events.publish(sessionId, "tool.started", {
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
        await this.recordToolResult(call, output.content, output.is_error ?? false, output.images);
      }),
    );
  }

  /** A run that stops while tools are still out answers each open call, so every call keeps its result. */
  private async closeOpenCalls(content: string): Promise<void> {
    for (const call of [...this.openCalls.values()]) {
      try {
        await this.persist({ role: "tool", content, tool_call_id: call.id, name: call.function.name });
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
      await this.deps.store.sessions.update(
        sessionId,
        { last_prompt_tokens: usage.prompt_tokens, last_completion_tokens: usage.completion_tokens },
        this.deps.now(),
      );
    }
    const outcome = await this.contextManagerCall((cm) => cm.afterResponse(sessionId, usage, signal));
    if (outcome?.compressed) {
      this.noteCompression(outcome);
      await this.reloadContext();
    }
  }

  /** A server that reports no usage leaves the stored estimate as the only count: the pre-run check runs on it. */
  private async checkEstimatedSize(): Promise<void> {
    const { sessionId, signal } = this.params;
    const outcome = await this.contextManagerCall((cm) => cm.prepareForRun(sessionId, signal));
    if (outcome?.compressed) {
      this.noteCompression(outcome);
      await this.reloadContext();
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
  private async reloadContext(session?: SessionRecord): Promise<void> {
    const current = session ?? (await this.deps.sessions.require(this.params.sessionId));
    this.context = (await buildActiveContext(this.deps.store, current)).messages;
  }

  private addUsage(usage: TokenUsage | null): void {
    if (!usage) return;
    this.usage.prompt_tokens += usage.prompt_tokens;
    this.usage.completion_tokens += usage.completion_tokens;
    this.usage.total_tokens += usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens;
  }

  private async saveProgress(): Promise<void> {
    await this.deps.store.runs.update(
      this.params.run.id,
      { iterations: this.iterations, usage: { ...this.usage }, compressed: this.compressed },
      this.deps.now(),
    );
  }

  /** The run waits on `interrupts`: its status says so, and nothing of it stays in memory. */
  private async pause(interrupts: InterruptRecord[]): Promise<FinishedRun> {
    const { run, sessionId } = this.params;
    const record = await this.deps.store.runs.update(
      run.id,
      { status: "requires_action", iterations: this.iterations, usage: { ...this.usage }, compressed: this.compressed },
      this.deps.now(),
    );
    const summary = summarizeRun(record ?? { ...run, status: "requires_action" });
    const views = interrupts.map(viewInterrupt);
    await this.deps.events.publish(sessionId, "run.requires_action", { run: summary, interrupts: views });
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

  private async finish(status: RunStatus, error: string | null): Promise<FinishedRun> {
    const { run, sessionId } = this.params;
    const now = this.deps.now();
    // A run stopped while some of its calls waited for an answer: those answers can no longer be given.
    if (this.touchedInterrupts)
      await this.deps.store.interrupts.cancelPendingForRun(run.id, now, `${status}: ${error ?? ""}`);
    const record = (await this.deps.store.runs.update(
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
    )) ?? {
      ...run,
      status,
      error,
      iterations: this.iterations,
      usage: { ...this.usage },
      compressed: this.compressed,
      finished_at: now,
    };
    const summary = summarizeRun(record);
    const type =
      status === "completed" || status === "incomplete"
        ? "run.completed"
        : status === "cancelled"
          ? "run.cancelled"
          : "run.failed";
    await this.deps.events.publish(sessionId, type, { run: summary });
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
