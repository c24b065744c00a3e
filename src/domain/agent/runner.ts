/**
 * @module runner
 * Starting, pausing, resuming, replaying and stopping agent runs: admission (one run per session, running or waiting,
 * `server.max_concurrent_runs` executing in all), the run, its idempotency key and its user message stored in one
 * transaction, the run's event feeds (open until the run ends, across its pauses), interrupts answered (approvals,
 * client tool outputs) and their timeouts, steering messages, cancel and shutdown, and at start-up the runs a previous
 * process left unfinished (cut ones interrupted, waiting ones waiting again).
 */
import { contentText } from "../../kernel/text.js";
import type {
  InterruptAnswer,
  InterruptRecord,
  NewRun,
  RunRecord,
  SessionRecord,
  SteerRecord,
  StoredMessage,
} from "../../db/records.js";
import type { RunCursor } from "../../db/records.js";

/** What routes name a stored run and its page cursor by. */
export type { RunRecord, RunCursor, SteerRecord };
import { DomainError, isStoreUnavailable, notFound } from "../../kernel/errors.js";
import { FINAL_RUN_STATUSES, type FunctionTool } from "../../kernel/chat.js";
import { EventFeed } from "../events/feed.js";
import { newId } from "../../kernel/ids.js";
import type { LlmClients } from "../llm/client.js";
import { requireConfiguredModel } from "../llm/configured-model.js";
import type { IdempotencyClaim } from "./idempotency-claim.js";
import { publicMessage, type MessageInput } from "../transcript/message-shape.js";
import { resolveSessionSettings, type SessionSettings } from "../sessions/settings.js";
import type { SessionTools, ToolRegistry } from "./tool-registry.js";
import { viewInterrupt, type InterruptView } from "./interrupt-view.js";
import {
  CANCELLED_TOOL_RESULT,
  INTERRUPTED_TOOL_RESULT,
  RunExecution,
  RunStop,
  type FinishedRun,
  type LoopDeps,
} from "./loop.js";
import { summarizeRun } from "./run-summary.js";

export type AgentRunnerDeps = LoopDeps & {
  llm: LlmClients;
  tools: ToolRegistry;
  /** This replica's id (`server.replica_id`): the runs it executes are recorded as its own. */
  replicaId: string;
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

export type StartOptions = {
  feed: boolean;
  signal?: AbortSignal;
  idempotency?: IdempotencyClaim;
  /** No client waits: the run is not tied to the request and no feed is made. */
  background?: boolean;
  /** The client's own tools for this run, besides the session's. */
  clientTools?: FunctionTool[];
  /** `done` waits through approval pauses (an OpenAI chat client cannot answer one). */
  untilClientTools?: boolean;
};

/** What answers an interrupt: a decision on an approval, or the outputs of the client's tool calls. */
export type InterruptAnswerInput =
  | { decision: "approve" | "deny"; reason?: string | null }
  | { outputs: Array<{ tool_call_id: string; output: string }> };

/** A feed that follows a run; one opened for an OpenAI chat client also ends at a pause for its own tools. */
type RunFeed = { feed: EventFeed; untilClientTools: boolean; unsubscribe: () => void };

type Executing = { runId: string; controller: AbortController; execution: RunExecution; done: Promise<FinishedRun> };
type Waiter = { untilClientTools: boolean; resolve: (finished: FinishedRun) => void };

/** Seconds a client told `429 too_many_runs` should wait before trying again. */
const RETRY_AFTER_S = 2;
/** How often the end of a run a database outage cut is tried again. */
const STORE_RETRY_MS = 1_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A stored run as the events a live stream of it would have carried: each message (an assistant's text also as
 * `message.delta`, which OpenAI-compatible streams are built from), the run's end (or its pause), then `done`. The
 * frames carry no ids: they are a rebuilt answer, not the session's persisted events.
 */
function storedRunFeed(finished: FinishedRun): EventFeed {
  const feed = new EventFeed();
  const { run } = finished;
  for (const message of finished.messages) {
    if (message.role === "assistant" && message.content !== null) {
      feed.push({ type: "message.delta", data: { run_id: run.id, content: contentText(message.content) } });
    }
    feed.push({ type: "message.created", data: { run_id: run.id, message: publicMessage(message) } });
  }
  if (run.status === "completed" || run.status === "incomplete") feed.push({ type: "run.completed", data: { run } });
  else if (run.status === "cancelled") feed.push({ type: "run.cancelled", data: { run } });
  else if (run.status === "requires_action")
    feed.push({ type: "run.requires_action", data: { run, interrupts: finished.interrupts } });
  else if (run.status !== "running") feed.push({ type: "run.failed", data: { run } });
  feed.push({ type: "done", data: { run } });
  feed.end();
  return feed;
}

function isFinal(finished: FinishedRun): boolean {
  return FINAL_RUN_STATUSES.has(finished.run.status);
}

/**
 * Admits runs (one per session, at most `server.max_concurrent_runs` executing), stores the user message with the
 * run before the model is called, and keeps track of what runs and what waits, so a cancel, an answer, a steer or a
 * shutdown reaches it.
 */
export class AgentRunner {
  /** Runs executing now, by session. */
  private readonly executing = new Map<string, Executing>();
  /** Runs paused on interrupts, by session: they hold the session until they end. */
  private readonly waiting = new Map<string, string>();
  private readonly feeds = new Map<string, Set<RunFeed>>();
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Retries of recording the end of runs a database outage cut. */
  private readonly storeRetries = new Set<NodeJS.Timeout>();
  private accepting = true;

  constructor(private readonly deps: AgentRunnerDeps) {}

  get activeCount(): number {
    return this.executing.size;
  }

  /** Runs paused on interrupts, holding their sessions. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  /** Whether a run holds the session: executing, or waiting on an interrupt. */
  isBusy(sessionId: string): boolean {
    return this.executing.has(sessionId) || this.waiting.has(sessionId);
  }

  /** Starts a run on `session` (as its caller just read it: only its model and config are used here). */
  async start(session: SessionRecord, message: MessageInput, options: StartOptions): Promise<StartedRun> {
    const { store, transcript, events, now } = this.deps;
    const sessionId = session.id;
    const { model, settings } = await this.admit(session);
    const tools = await this.deps.tools.forSession(session);
    const clientTools = [...settings.agent.client_tools, ...(options.clientTools ?? [])];
    this.checkClientTools(clientTools, tools.names, options.clientTools?.length ?? 0);
    const runId = newId("run", now());
    const claim = options.idempotency;
    const background = options.background ?? false;
    // The run row, its idempotency key and the user message commit together, before anything can fail or crash:
    // a retry of the same request then finds this run, whatever happened to the process.
    const { run, userMessage } = await store.transaction(async () => {
      const created = await this.createRun({
        id: runId,
        session_id: sessionId,
        model,
        background,
        client_tools: clientTools,
        replica_id: this.deps.replicaId,
        now: now(),
      });
      if (claim) await this.claimKey(claim, runId);
      const [row] = await transcript.append(sessionId, [message], { model, runId });
      return { run: created, userMessage: row };
    });

    // A run just created is neither ended nor paused: wait for its first end or pause.
    const done = this.waitFor(runId, options.untilClientTools ?? false);
    const feed =
      options.feed && !background ? this.openFeed(runId, sessionId, options.untilClientTools ?? false) : null;
    feed?.onCancel(() => void this.stopRun(runId, "the client disconnected").catch(() => undefined));
    const external = background ? undefined : options.signal;
    if (external) {
      const onAbort = () => void this.stopRun(runId, "the client cancelled the request").catch(() => undefined);
      if (external.aborted) queueMicrotask(onAbort);
      else external.addEventListener("abort", onAbort, { once: true });
      // Once the request is answered (the run ended or paused), its connection closing is no cancel.
      void done.then(() => external.removeEventListener("abort", onAbort));
    }

    await events.publish(sessionId, "run.started", { run_id: runId, session_id: sessionId, model });
    this.deps.logger.info({ run_id: runId, session_id: sessionId, model, background }, "run started");
    await events.publish(sessionId, "message.created", { run_id: runId, message: publicMessage(userMessage) });

    // A background run is followed through its stored events (GET /v1/runs/{id}/events), often by a watcher that
    // connects after the model was called: it streams from the model, so its text is there as it grows.
    this.launch(run, session, userMessage, feed !== null || background, { settings, tools });
    return { runId, sessionId, run, userMessage, done, feed };
  }

  /**
   * A run an earlier request started, as it is stored now (after a restart a cut run is `interrupted`), with every
   * message it added: the answer to a retry of that request. Nothing is appended and no model is called.
   */
  async replay(runId: string, options: { feed: boolean }): Promise<StartedRun> {
    const record = await this.deps.store.runs.get(runId);
    if (!record) throw notFound("run", runId);
    const finished = await this.stateOf(record);
    return {
      runId,
      sessionId: record.session_id,
      run: record,
      userMessage: finished.messages[0] ?? null,
      done: Promise.resolve(finished),
      feed: options.feed ? storedRunFeed(finished) : null,
    };
  }

  /**
   * Settles when the run next ends or pauses (with `untilClientTools`, only a pause for the client's own tools, or its
   * end); at once with its stored state when it is already final or waiting as asked.
   */
  async settled(runId: string, untilClientTools = false): Promise<FinishedRun> {
    const record = await this.deps.store.runs.get(runId);
    if (record && !this.isExecuting(record)) {
      const pausedAsAsked =
        record.status === "requires_action" &&
        (!untilClientTools ||
          (await this.deps.store.interrupts.pendingForRun(runId)).some((i) => i.kind === "client_tool"));
      if (FINAL_RUN_STATUSES.has(record.status) || pausedAsAsked) return this.stateOf(record);
    }
    return this.waitFor(runId, untilClientTools);
  }

  /** Settles at the run's next end or pause (as `settled` counts them), whatever its state now. */
  private waitFor(runId: string, untilClientTools: boolean): Promise<FinishedRun> {
    return new Promise((resolve) => {
      const list = this.waiters.get(runId) ?? [];
      list.push({ untilClientTools, resolve });
      this.waiters.set(runId, list);
    });
  }

  private isExecuting(run: RunRecord): boolean {
    return this.executing.get(run.session_id)?.runId === run.id;
  }

  /** The run's stored state as a FinishedRun: its summary, its messages and what it waits on. */
  async stateOf(run: RunRecord): Promise<FinishedRun> {
    const { store } = this.deps;
    const [messages, pending] = await Promise.all([
      store.messages.listForRun(run.session_id, run.id),
      store.interrupts.pendingForRun(run.id),
    ]);
    return { run: summarizeRun(run), messages, interrupts: pending.map(viewInterrupt) };
  }

  /** A feed of the session's events from now until the run ends; follows the run across its pauses. */
  private openFeed(runId: string, sessionId: string, untilClientTools: boolean): EventFeed {
    const feed = new EventFeed();
    const unsubscribe = this.deps.events.subscribe(sessionId, (event) => feed.push(event));
    let set = this.feeds.get(runId);
    if (!set) this.feeds.set(runId, (set = new Set()));
    const entry: RunFeed = { feed, untilClientTools, unsubscribe };
    set.add(entry);
    const own = set;
    feed.onCancel(() => {
      unsubscribe();
      own.delete(entry);
    });
    return feed;
  }

  /** Ends the feeds `which` picks with `done` (the run as it stands) and stops them following the run. */
  private endFeeds(runId: string, finished: FinishedRun, which: (entry: RunFeed) => boolean): void {
    const set = this.feeds.get(runId);
    if (!set) return;
    for (const entry of [...set]) {
      if (!which(entry)) continue;
      set.delete(entry);
      entry.unsubscribe();
      entry.feed.push({ type: "done", data: { run: finished.run } });
      entry.feed.end();
    }
    if (set.size === 0) this.feeds.delete(runId);
  }

  /**
   * Sends the outputs of the client's own tool calls and follows the resumed run (an OpenAI chat client's next
   * request): checked first, then the feed and the wait are set up, then the outputs are recorded and the run goes on.
   */
  async continueWithOutputs(
    runId: string,
    outputs: Array<{ tool_call_id: string; output: string }>,
    options: { feed: boolean },
  ): Promise<StartedRun> {
    const { store } = this.deps;
    const run = await store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    const pending = (await store.interrupts.pendingForRun(runId)).find((i) => i.kind === "client_tool");
    if (!pending) throw this.notActive(run);
    this.checkOutputs(pending, outputs);
    const feed = options.feed ? this.openFeed(runId, run.session_id, true) : null;
    feed?.onCancel(() => void this.stopRun(runId, "the client disconnected").catch(() => undefined));
    const done = this.waitFor(runId, true);
    await this.recordAnswer(pending, { answered_by: "client", answered_at: this.deps.now(), outputs });
    return { runId, sessionId: run.session_id, run, userMessage: null, done, feed };
  }

  /** Runs one stretch of the run: from its start, or from a pause whose interrupts are all answered. */
  private launch(
    run: RunRecord,
    session: SessionRecord,
    userMessage: StoredMessage | null,
    streamModel: boolean,
    /** What the caller built for this session, so a turn builds each once. */
    known: { settings: SessionSettings; tools: SessionTools },
  ): void {
    const { config } = this.deps;
    const { settings, tools } = known;
    const model = run.model ?? requireConfiguredModel(config, settings.model);
    const controller = new AbortController();
    const client = this.deps.llm.get({
      baseURL: config.model.base_url,
      apiKey: config.model.api_key,
      timeoutMs: config.model.timeout_s * 1000,
      maxRetries: config.model.max_retries,
    });
    const execution = new RunExecution(this.deps, {
      run,
      sessionId: session.id,
      model,
      client,
      userMessage,
      tools,
      clientTools: run.client_tools,
      approvals: settings.agent.approvals,
      maxIterations: settings.agent.max_iterations,
      streamModel,
      signal: controller.signal,
    });
    const done = execution.execute();
    this.executing.set(session.id, { runId: run.id, controller, execution, done });
    void done
      .then((finished) => this.stretchEnded(session.id, finished))
      .catch((err: unknown) => this.deps.logger.error({ err, run_id: run.id }, "could not end a run's stretch"));
  }

  private async stretchEnded(sessionId: string, finished: FinishedRun): Promise<void> {
    const runId = finished.run.id;
    if (this.executing.get(sessionId)?.runId === runId) this.executing.delete(sessionId);
    if (finished.unrecorded) {
      this.runEnded(runId, finished);
      this.recordWhenStoreIsBack(runId, "the database became unavailable");
      return;
    }
    if (!isFinal(finished)) {
      this.waiting.set(sessionId, runId);
      const pending = await this.deps.store.interrupts.pendingForRun(runId);
      this.armTimeouts(pending);
      const clientTools = finished.interrupts.some((i) => i.kind === "client_tool");
      this.resolveWaiters(runId, finished, (waiter) => !waiter.untilClientTools || clientTools);
      if (clientTools) this.endFeeds(runId, finished, (entry) => entry.untilClientTools);
      // Every interrupt may have been answered while the stretch was still ending.
      if ((await this.deps.store.interrupts.pendingForRun(runId)).length === 0) await this.resume(runId);
      return;
    }
    this.runEnded(runId, finished);
  }

  private runEnded(runId: string, finished: FinishedRun): void {
    this.resolveWaiters(runId, finished, () => true);
    this.endFeeds(runId, finished, () => true);
  }

  private resolveWaiters(runId: string, finished: FinishedRun, matches: (waiter: Waiter) => boolean): void {
    const list = this.waiters.get(runId);
    if (!list) return;
    const keep = list.filter((waiter) => {
      if (!matches(waiter)) return true;
      waiter.resolve(finished);
      return false;
    });
    if (keep.length) this.waiters.set(runId, keep);
    else this.waiters.delete(runId);
  }

  /** A paused run whose interrupts are all answered goes on from its stored transcript. */
  private async resume(runId: string): Promise<void> {
    const { store, now } = this.deps;
    const record = await store.runs.get(runId);
    if (!record || record.status !== "requires_action") return;
    const session = await store.sessions.get(record.session_id);
    if (!session) return;
    if (this.executing.has(session.id)) return;
    const known = {
      settings: resolveSessionSettings(this.deps.config, session),
      tools: await this.deps.tools.forSession(session),
    };
    if (this.executing.has(session.id)) return;
    // Whichever replica takes the answer resumes the run: the first to move it from waiting to running does.
    const run = await store.runs.resume(runId, this.deps.replicaId, now());
    if (!run) return;
    this.waiting.delete(session.id);
    this.deps.logger.info({ run_id: runId, session_id: session.id }, "run resumed");
    this.launch(run, session, null, record.background || (this.feeds.get(runId)?.size ?? 0) > 0, known);
  }

  /** Answers an interrupt of a paused run; once none is pending, the run resumes. */
  async answerInterrupt(
    interruptId: string,
    input: InterruptAnswerInput,
    by: "user" | "client" = "user",
  ): Promise<InterruptView> {
    const { store, now } = this.deps;
    const interrupt = await store.interrupts.get(interruptId);
    if (!interrupt) {
      throw new DomainError("interrupt_not_found", `interrupt ${interruptId} does not exist`);
    }
    this.checkPending(interrupt);
    let answer: InterruptAnswer;
    if (interrupt.kind === "approval") {
      if (!("decision" in input)) {
        throw new DomainError(
          "validation_failed",
          `interrupt ${interruptId} is an approval: answer it with a decision`,
          {
            fields: [{ path: ["decision"], message: "approve or deny" }],
          },
        );
      }
      answer = { answered_by: "user", answered_at: now(), decision: input.decision, reason: input.reason ?? null };
    } else {
      if (!("outputs" in input)) {
        throw new DomainError(
          "validation_failed",
          `interrupt ${interruptId} waits for the client's tool outputs: answer it with outputs`,
          { fields: [{ path: ["outputs"], message: "one output per pending tool call" }] },
        );
      }
      this.checkOutputs(interrupt, input.outputs);
      answer = { answered_by: by === "client" ? "client" : "user", answered_at: now(), outputs: input.outputs };
    }
    return this.recordAnswer(interrupt, answer);
  }

  /** Answers the run's pending client-tool interrupt with the outputs (`POST /v1/runs/{id}/tool_outputs`). */
  async submitToolOutputs(
    runId: string,
    outputs: Array<{ tool_call_id: string; output: string }>,
  ): Promise<InterruptView> {
    const run = await this.deps.store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    const pending = (await this.deps.store.interrupts.pendingForRun(runId)).find((i) => i.kind === "client_tool");
    if (!pending) {
      throw new DomainError(
        "run_not_active",
        `run ${runId} waits for no tool outputs (status ${run.status}); see GET /v1/runs/${runId}`,
      );
    }
    return this.answerInterrupt(pending.id, { outputs }, "client");
  }

  private checkPending(interrupt: InterruptRecord): void {
    if (interrupt.status === "pending") return;
    throw new DomainError(
      "interrupt_already_answered",
      interrupt.status === "cancelled"
        ? `interrupt ${interrupt.id} was cancelled with its run`
        : `interrupt ${interrupt.id} was already answered by ${interrupt.answered_by ?? "someone"}`,
      { details: { interrupt: viewInterrupt(interrupt) } },
    );
  }

  /** The outputs must answer exactly the pending calls: every call once, no other id. */
  private checkOutputs(interrupt: InterruptRecord, outputs: Array<{ tool_call_id: string }>): void {
    const expected = new Set(interrupt.tool_calls.map((call) => call.id));
    const given = outputs.map((output) => output.tool_call_id);
    const unknown = given.filter((id) => !expected.has(id));
    const duplicated = given.filter((id, i) => given.indexOf(id) !== i);
    const missing = [...expected].filter((id) => !given.includes(id));
    if (!unknown.length && !duplicated.length && !missing.length) return;
    const parts = [
      missing.length ? `missing outputs for ${missing.join(", ")}` : "",
      unknown.length ? `no pending call has the id ${unknown.join(", ")}` : "",
      duplicated.length ? `more than one output for ${[...new Set(duplicated)].join(", ")}` : "",
    ].filter(Boolean);
    throw new DomainError(
      "tool_outputs_mismatch",
      `the outputs do not match the pending tool calls (${[...expected].join(", ")}): ${parts.join("; ")}`,
      {
        fields: given.flatMap((id, i) =>
          !expected.has(id) || duplicated.includes(id)
            ? [{ path: ["outputs", i, "tool_call_id"], message: `not a pending call: ${id}` }]
            : [],
        ),
        details: { pending_tool_call_ids: [...expected], missing, unknown },
      },
    );
  }

  private async recordAnswer(interrupt: InterruptRecord, answer: InterruptAnswer): Promise<InterruptView> {
    const { store, events } = this.deps;
    const answered = await store.interrupts.answer(interrupt.id, answer);
    // Another answer won the race: the row is no longer pending.
    if (!answered) this.checkPending((await store.interrupts.get(interrupt.id)) ?? interrupt);
    const record = answered!;
    this.clearTimer(record.id);
    // Answered while the stretch that asked is still ending here (its pause not yet announced): the answer is
    // announced after the pause, as a stream of the run would have it.
    const stretch = this.executing.get(record.session_id);
    if (stretch?.runId === record.run_id) await stretch.done;
    const view = viewInterrupt(record);
    if (record.kind === "approval") {
      await events.publish(record.session_id, "approval.responded", { run_id: record.run_id, interrupt: view });
    }
    this.deps.logger.info(
      {
        run_id: record.run_id,
        interrupt_id: record.id,
        kind: record.kind,
        by: record.answered_by,
        decision: record.decision,
      },
      "interrupt answered",
    );
    if ((await store.interrupts.pendingForRun(record.run_id)).length === 0) await this.resume(record.run_id);
    return view;
  }

  /**
   * A run cut by the database going away ended here, but its row still says running: it is closed as interrupted
   * (open calls answered, as a restart would) once the store answers again, retried until then. A shutdown leaves it
   * to the next start, which closes this replica's runs left running.
   */
  private recordWhenStoreIsBack(runId: string, why: string): void {
    const attempt = () => {
      this.storeRetries.delete(timer);
      if (!this.accepting) return;
      this.closeCut(this.deps.replicaId, why, runId).then(
        () => this.deps.logger.info({ run_id: runId }, "recorded the end of a run the database outage cut"),
        (err: unknown) => {
          if (isStoreUnavailable(err)) this.recordWhenStoreIsBack(runId, why);
          else this.deps.logger.error({ err, run_id: runId }, "could not record the end of a cut run");
        },
      );
    };
    const timer = setTimeout(attempt, STORE_RETRY_MS);
    timer.unref();
    this.storeRetries.add(timer);
  }

  private armTimeouts(interrupts: InterruptRecord[]): void {
    for (const interrupt of interrupts) {
      if (interrupt.expires_at === null || this.timers.has(interrupt.id)) continue;
      const delay = Math.min(MAX_TIMER_MS, Math.max(0, interrupt.expires_at - this.deps.now()));
      const timer = setTimeout(() => {
        this.timers.delete(interrupt.id);
        void this.expire(interrupt.id);
      }, delay);
      timer.unref();
      this.timers.set(interrupt.id, timer);
    }
  }

  private clearTimer(interruptId: string): void {
    const timer = this.timers.get(interruptId);
    if (timer) clearTimeout(timer);
    this.timers.delete(interruptId);
  }

  /** An approval nobody answered in time gets the policy's `on_timeout` answer. */
  private async expire(interruptId: string): Promise<void> {
    const { store, config, now } = this.deps;
    try {
      const interrupt = await store.interrupts.get(interruptId);
      if (!interrupt || interrupt.status !== "pending") return;
      const session = await store.sessions.get(interrupt.session_id);
      const onTimeout = session ? resolveSessionSettings(config, session).agent.approvals.on_timeout : "deny";
      await this.recordAnswer(interrupt, {
        answered_by: "timeout",
        answered_at: now(),
        decision: onTimeout === "allow" ? "approve" : "deny",
        reason: "no answer before the approval expired",
      });
    } catch (err) {
      this.deps.logger.warn({ err, interrupt_id: interruptId }, "could not expire an interrupt");
    }
  }

  /** Stores a steering message for the run; the run takes it in before its next model call. */
  async steer(runId: string, content: string): Promise<SteerRecord> {
    const { store, now } = this.deps;
    const run = await store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    if (FINAL_RUN_STATUSES.has(run.status)) throw this.notActive(run);
    const steer = await store.steers.add({
      id: newId("str", now()),
      run_id: runId,
      session_id: run.session_id,
      content,
      created_at: now(),
    });
    const executing = this.executing.get(run.session_id);
    if (executing?.runId === runId) executing.execution.steered();
    return steer;
  }

  /** Cancels the run (`POST /v1/runs/{id}/cancel`): it ends `cancelled`, whether executing or waiting. */
  async cancelRun(runId: string, reason = "cancelled by a client"): Promise<RunRecord> {
    const run = await this.deps.store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    if (FINAL_RUN_STATUSES.has(run.status)) throw this.notActive(run);
    await this.stopRun(runId, reason);
    return (await this.deps.store.runs.get(runId)) ?? run;
  }

  private notActive(run: RunRecord): DomainError {
    return new DomainError("run_not_active", `run ${run.id} has already ended (status ${run.status})`, {
      details: { run_status: run.status },
    });
  }

  /** Stops the run wherever it is: an executing one is aborted, a waiting one is closed. */
  private async stopRun(
    runId: string,
    reason: string,
    status: "cancelled" | "interrupted" = "cancelled",
  ): Promise<void> {
    const record = await this.deps.store.runs.get(runId);
    if (!record) return;
    const executing = this.executing.get(record.session_id);
    if (executing?.runId === runId) {
      executing.controller.abort(new RunStop(status, reason));
      await executing.done;
      // The stretch may have paused just before the abort reached it.
    }
    const now = await this.deps.store.runs.get(runId);
    if (now?.status === "requires_action") await this.closeWaiting(now, status, reason);
  }

  /** Ends a paused run: its pending interrupts are cancelled and each open call gets a result, in one transaction. */
  private async closeWaiting(run: RunRecord, status: "cancelled" | "interrupted", reason: string): Promise<void> {
    const { store, transcript, events, now } = this.deps;
    const at = now();
    const content = status === "cancelled" ? CANCELLED_TOOL_RESULT : INTERRUPTED_TOOL_RESULT;
    const { rows, record } = await store.transaction(async () => {
      await store.interrupts.cancelPendingForRun(run.id, at, `${status}: ${reason}`);
      const open = await store.messages.unansweredToolCalls(run.session_id, run.id);
      const results: MessageInput[] = open.map((call) => ({
        role: "tool",
        content,
        tool_call_id: call.id,
        name: call.name,
      }));
      const rows = results.length
        ? await transcript.append(run.session_id, results, { model: run.model, runId: run.id })
        : [];
      const record =
        (await store.runs.update(run.id, { status, error: `${status}: ${reason}`, finished_at: at }, at)) ?? run;
      return { rows, record };
    });
    for (const interrupt of await store.interrupts.forRun(run.id)) this.clearTimer(interrupt.id);
    this.waiting.delete(run.session_id);
    for (const row of rows)
      await events.publish(run.session_id, "message.created", { run_id: run.id, message: publicMessage(row) });
    const summary = summarizeRun(record);
    await events.publish(run.session_id, status === "cancelled" ? "run.cancelled" : "run.failed", { run: summary });
    this.deps.logger.info({ run_id: run.id, session_id: run.session_id, status, error: record.error }, "run finished");
    this.runEnded(run.id, { run: summary, messages: rows, interrupts: [] });
  }

  /**
   * Records the key for the run, inside the run's first transaction. The HTTP layer has checked that nothing holds
   * the key in this process; a live row can still be there when another process on the same database claimed it
   * meanwhile, and then this request must not run (throwing rolls the run and its user message back).
   */
  private async claimKey(claim: IdempotencyClaim, runId: string): Promise<void> {
    const { store, now } = this.deps;
    const { scope, key, requestHash, ttlMs, holder } = claim;
    const claimed = await store.idempotency.claimForRun({ scope, key, requestHash, runId, holder }, now(), ttlMs);
    if (!claimed) throw claim.heldElsewhere();
  }

  /** A client tool may not take the name of one of the server's tools, nor be declared twice. */
  private checkClientTools(tools: FunctionTool[], serverNames: string[], fromRequest: number): void {
    const offset = tools.length - fromRequest;
    const seen = new Set<string>();
    const fields = tools.flatMap((tool, i) => {
      const name = tool.function.name;
      const path =
        i >= offset
          ? ["tools", i - offset, "function", "name"]
          : ["config", "agent", "client_tools", i, "function", "name"];
      const clash = serverNames.includes(name)
        ? `${name} is one of the server's tools; give the client tool another name`
        : seen.has(name)
          ? `${name} is declared twice`
          : null;
      seen.add(name);
      return clash ? [{ path, message: clash }] : [];
    });
    if (fields.length) throw new DomainError("validation_failed", fields.map((f) => f.message).join("; "), { fields });
  }

  /**
   * Stores a new run. The session's one-active-run index refuses it when another replica started or paused a run on
   * the session meanwhile: that is the same busy session the in-memory checks answer for this replica's own runs.
   */
  private async createRun(run: NewRun): Promise<RunRecord> {
    const created = await this.deps.store.runs.create(run);
    if (created) return created;
    const active = await this.deps.store.runs.activeForSession(run.session_id);
    throw this.busy(run.session_id, active ?? ({ id: "unknown", status: "running" } as RunRecord));
  }

  private busy(sessionId: string, active: RunRecord): DomainError {
    if (active.status === "requires_action")
      return new DomainError(
        "session_busy",
        `session ${sessionId} has a run waiting for an answer (${active.id}); answer its interrupts (GET /v1/sessions/${sessionId}/interrupts) or cancel it (POST /v1/runs/${active.id}/cancel)`,
        { details: { run_id: active.id } },
      );
    return new DomainError(
      "session_busy",
      `session ${sessionId} is already running an agent; wait for that run to finish (watch GET /v1/sessions/${sessionId}/events)`,
      { details: { run_id: active.id } },
    );
  }

  /** Whether a run may start on the session now; answers with the model it will use and the session's settings. */
  private async admit(session: SessionRecord) {
    const { config } = this.deps;
    const sessionId = session.id;
    if (!this.accepting)
      throw new DomainError(
        "shutting_down",
        "the server is shutting down and accepts no new runs; retry once it is back",
      );
    const executing = this.executing.get(sessionId);
    if (executing) throw this.busy(sessionId, { id: executing.runId, status: "running" } as RunRecord);
    // A run of this session waiting for an answer, or running on another replica, holds it too.
    const active = await this.deps.store.runs.activeForSession(sessionId);
    if (active) throw this.busy(sessionId, active);
    const limit = config.server.max_concurrent_runs;
    if (this.executing.size >= limit) {
      throw new DomainError(
        "too_many_runs",
        `${limit} runs are already in progress (server.max_concurrent_runs); retry in a few seconds`,
        { retryAfterS: RETRY_AFTER_S },
      );
    }
    const settings = resolveSessionSettings(config, session);
    return { model: requireConfiguredModel(config, settings.model), settings };
  }

  /** The run and what it waits on, as stored. */
  async get(runId: string): Promise<{ run: RunRecord; interrupts: InterruptView[] }> {
    const run = await this.deps.store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    return { run, interrupts: (await this.deps.store.interrupts.pendingForRun(runId)).map(viewInterrupt) };
  }

  /** Whether the run has ended (or is gone): nothing of it runs or waits. */
  async hasEnded(runId: string): Promise<boolean> {
    const run = await this.deps.store.runs.get(runId);
    return !run || FINAL_RUN_STATUSES.has(run.status);
  }

  /** Runs newest first, of one session or (null) of every session, a page at a time. */
  async list(
    sessionId: string | null,
    limit: number,
    cursor: RunCursor | null,
  ): Promise<{ runs: RunRecord[]; next: RunCursor | null }> {
    const rows = await this.deps.store.runs.list(sessionId, limit + 1, cursor);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { runs: page, next: rows.length > limit && last ? { created_at: last.created_at, id: last.id } : null };
  }

  /** The run's answer: the text of its last assistant message, once it has ended with one. */
  /** Every row the run stored, in seq order. */
  messagesOf(run: RunRecord): Promise<StoredMessage[]> {
    return this.deps.store.messages.listForRun(run.session_id, run.id);
  }

  async outputOf(run: RunRecord): Promise<string | null> {
    if (run.status !== "completed" && run.status !== "incomplete") return null;
    const messages = await this.deps.store.messages.listForRun(run.session_id, run.id);
    const answer = [...messages].reverse().find((m) => m.role === "assistant" && m.content !== null);
    return answer ? contentText(answer.content) : null;
  }

  /**
   * Answers the run's pending approvals with one decision (Hermes's `POST /v1/runs/{id}/approval`): the one named,
   * every one with `all`, else the oldest. Answers how many were answered.
   */
  async answerApprovals(
    runId: string,
    decision: "approve" | "deny",
    options: { interruptId?: string; all?: boolean; reason?: string | null },
  ): Promise<number> {
    const run = await this.deps.store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    const pending = (await this.deps.store.interrupts.pendingForRun(runId)).filter((i) => i.kind === "approval");
    const chosen = options.interruptId
      ? pending.filter((i) => i.id === options.interruptId)
      : options.all
        ? pending
        : pending.slice(0, 1);
    if (chosen.length === 0) {
      throw new DomainError(
        "run_not_active",
        options.interruptId
          ? `run ${runId} has no pending approval ${options.interruptId}`
          : `run ${runId} has no pending approval (status ${run.status})`,
      );
    }
    for (const interrupt of chosen)
      await this.answerInterrupt(interrupt.id, { decision, reason: options.reason ?? null });
    return chosen.length;
  }

  /** The approvals and client tool calls the session's runs wait on. */
  async pendingInterrupts(sessionId: string): Promise<InterruptView[]> {
    return (await this.deps.store.interrupts.pendingForSession(sessionId)).map(viewInterrupt);
  }

  /** The pending client-tool interrupts with a call `matches` picks (a chat client's tool results name their calls). */
  async pendingClientToolCalls(matches: (toolCallId: string) => boolean): Promise<InterruptView[]> {
    return (await this.deps.store.interrupts.allPending())
      .filter((i) => i.kind === "client_tool" && i.tool_calls.some((call) => matches(call.id)))
      .map(viewInterrupt);
  }

  /** The session an interrupt belongs to; null when there is no such interrupt. */
  async interruptSession(interruptId: string): Promise<string | null> {
    return (await this.deps.store.interrupts.get(interruptId))?.session_id ?? null;
  }

  /** The session's run, if any, executing (here or on another replica) or waiting. */
  async activeRunOf(sessionId: string): Promise<string | null> {
    const executing = this.executing.get(sessionId)?.runId;
    if (executing) return executing;
    return (await this.deps.store.runs.activeForSession(sessionId))?.id ?? null;
  }

  /** Interrupts the session's run, if any (executing or waiting), and waits until it has recorded that. */
  async cancel(sessionId: string, reason: string): Promise<void> {
    const runId = await this.activeRunOf(sessionId);
    if (runId) await this.stopRun(runId, reason, "interrupted");
  }

  /**
   * Stops admitting runs, interrupts the executing ones and waits until each has recorded it. Runs waiting on an
   * interrupt stay waiting: they hold nothing in memory, and the next process takes them up again.
   */
  async shutdown(reason = "the server is shutting down"): Promise<void> {
    this.accepting = false;
    for (const timer of [...this.timers.values(), ...this.storeRetries]) clearTimeout(timer);
    this.timers.clear();
    this.storeRetries.clear();
    const running = [...this.executing.values()];
    for (const run of running) run.controller.abort(new RunStop("interrupted", reason));
    await Promise.allSettled(running.map((run) => run.done));
    // Whoever still follows a waiting run (a stream, a held request) is told where it stands.
    for (const runId of new Set([...this.feeds.keys(), ...this.waiters.keys()])) {
      const record = await this.deps.store.runs.get(runId);
      if (record) this.runEnded(runId, await this.stateOf(record));
    }
  }

  /**
   * At start-up: runs this replica (as an earlier process with the same id) left `running` can never finish; they
   * are closed as {@link recoverRunsOf} does. Runs left waiting on an interrupt wait again: their timeouts are armed,
   * and one whose interrupts were all answered resumes. Answers how many runs were interrupted.
   */
  async recoverInterrupted(): Promise<number> {
    const { store } = this.deps;
    const count = await this.recoverRunsOf(this.deps.replicaId, "the server stopped");
    for (const run of await store.runs.listRequiringAction()) {
      this.waiting.set(run.session_id, run.id);
      const pending = await store.interrupts.pendingForRun(run.id);
      if (pending.length > 0) {
        this.armTimeouts(pending);
        continue;
      }
      try {
        await this.resume(run.id);
      } catch (err) {
        // It stays waiting, and listed: a cancel still ends it.
        this.deps.logger.warn({ err, run_id: run.id }, "could not resume a run whose interrupts were all answered");
      }
    }
    return count;
  }

  /**
   * Closes the runs a replica left `running` (this one's earlier process, or another found dead): their open tool
   * calls get the same "interrupted" result a live interruption writes, so the model is never sent a call without
   * its answer, steering messages they had not taken in yet are added to the transcript, and each ends
   * `interrupted`. One transaction; on PostgreSQL each run is claimed with a row lock that other replicas doing the
   * same skip, so every run is closed once. Answers how many.
   */
  async recoverRunsOf(replicaId: string, why: string): Promise<number> {
    return this.closeCut(replicaId, why);
  }

  /** Closes the runs the replica left running (only `runId` when given); answers how many. */
  private async closeCut(replicaId: string, why: string, runId?: string): Promise<number> {
    const { store, transcript, events, now } = this.deps;
    const closed = await store.transaction(async () => {
      const runs = await store.runs.listRunning(replicaId, runId);
      const ended: RunRecord[] = [];
      for (const run of runs) {
        // What the cut stretch had started waiting on can no longer be answered.
        await store.interrupts.cancelPendingForRun(run.id, now(), `interrupted: ${why}`);
        const open = await store.messages.unansweredToolCalls(run.session_id, run.id);
        const results: MessageInput[] = open.map((call) => ({
          role: "tool",
          content: INTERRUPTED_TOOL_RESULT,
          tool_call_id: call.id,
          name: call.name,
        }));
        if (results.length > 0) await transcript.append(run.session_id, results, { model: null, runId: run.id });
        for (const steer of await store.steers.waiting(run.id)) {
          const [row] = await transcript.append(run.session_id, [{ role: "user", content: steer.content }], {
            model: null,
            runId: run.id,
          });
          await store.steers.markTaken(steer.id, row.seq);
        }
        const at = now();
        const error = `interrupted: ${why} while the run was in progress`;
        const record = await store.runs.update(run.id, { status: "interrupted", error, finished_at: at }, at);
        if (record) ended.push(record);
      }
      return ended;
    });
    // Whoever follows these runs from a live replica learns they ended.
    for (const run of closed) await events.publish(run.session_id, "run.failed", { run: summarizeRun(run) });
    return closed.length;
  }
}
