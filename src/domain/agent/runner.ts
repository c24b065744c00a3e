/**
 * @module runner
 * Agent runs over their life: started (admitted, stored with their user message and Idempotency-Key in one
 * transaction), executed stretch by stretch — from the start, and again from each pause once its interrupts are
 * answered — steered, cancelled, interrupted at shutdown. Around it: admission (run-admission.ts), who follows a run
 * (run-followers.ts), answering its interrupts (interrupt-answers.ts), what a restart or an outage leaves
 * (run-recovery.ts), and reading runs (run-reader.ts).
 */
import type { RunRecord, SessionRecord, SteerRecord, StoredMessage } from "../../db/records.js";
import { FINAL_RUN_STATUSES, type FunctionTool, type ModelOptions } from "../../kernel/chat.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { StandingApprovals } from "./standing-approvals.js";
import { newId } from "../../kernel/ids.js";
import { requireConfiguredModel } from "../shared/configured-model.js";
import { resolveSessionSettings, type SessionSettings } from "../shared/session-settings.js";
import { publicMessage, type MessageInput } from "../shared/message-shape.js";
import type { IdempotencyClaim } from "./idempotency-claim.js";
import { InterruptAnswers, runNotActive } from "./interrupt-answers.js";
import { RunExecution } from "./run-execution.js";
import type { FinishedRun, LoopDeps, StartedRun } from "./run-params.js";
import { CANCELLED_TOOL_RESULT, INTERRUPTED_TOOL_RESULT, RunStop } from "./run-stop.js";
import { RunAdmission } from "./run-admission.js";
import { RunFollowers } from "./run-followers.js";
import { RunReader } from "./run-reader.js";
import { RunRecovery } from "./run-recovery.js";
import { summarizeRun } from "../shared/run-summary.js";
import { RunTable } from "./run-table.js";
import type { SessionTools, ToolRegistry } from "./tool-registry.js";
import { SERVER_CALLER, type Caller } from "../shared/owner-scope.js";
import { inSpan, markFailed } from "../shared/tracing.js";

export type { InterruptAnswerInput } from "./interrupt-answers.js";
export type { RunView } from "./run-reader.js";
export type { StartedRun } from "./run-params.js";

export type AgentRunnerDeps = LoopDeps & {
  tools: ToolRegistry;
  /** This replica's id (`server.replica_id`): the runs it executes are recorded as its own. */
  replicaId: string;
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
  /** A model the request names for this run only (Hermes's per-run `model`); the session's otherwise. */
  model?: string;
  /** Sampling settings for this run's model calls only (Hermes's per-run `model_options`). */
  modelOptions?: ModelOptions | null;
  /** Who starts it: the run is its key's (limits, usage) and its start is noted in its audit trail. */
  caller?: Caller;
};

function isFinal(finished: FinishedRun): boolean {
  return FINAL_RUN_STATUSES.has(finished.run.status);
}

/**
 * Admits runs (one per session, at most `server.max_concurrent_runs` executing), stores the user message with the
 * run before the model is called, and keeps track of what runs and what waits, so a cancel, an answer, a steer or a
 * shutdown reaches it.
 */
export class AgentRunner {
  private readonly table = new RunTable();
  private readonly admission: RunAdmission;
  private readonly followers: RunFollowers;
  /** Reading runs: views, pages, a run's state, the active run of a session. */
  readonly reader: RunReader;
  /** Answering what paused runs wait on. */
  readonly interrupts: InterruptAnswers;
  /** What a restart, a dead replica or a database outage leaves of runs. */
  readonly recovery: RunRecovery;
  /** Approvals given for the rest of a session or for every session (the allowlist). */
  readonly standing: StandingApprovals;

  constructor(private readonly deps: AgentRunnerDeps) {
    const resume = (runId: string) => this.resume(runId);
    this.admission = new RunAdmission(deps.config, deps.store, this.table);
    this.followers = new RunFollowers(deps.events);
    this.reader = new RunReader(deps.store, this.table, this.followers);
    this.interrupts = new InterruptAnswers({
      ...deps,
      table: this.table,
      followers: this.followers,
      resume,
      stop: (runId, reason) => this.stopRun(runId, reason),
    });
    this.recovery = new RunRecovery({ ...deps, table: this.table, interrupts: this.interrupts, resume });
    this.standing = new StandingApprovals(deps.store);
  }

  /** Whether the server is stopping: no new run is admitted. */
  get draining(): boolean {
    return !this.table.accepting;
  }

  get activeCount(): number {
    return this.table.executing.size;
  }

  /** Runs paused on interrupts, holding their sessions. */
  get waitingCount(): number {
    return this.table.waiting.size;
  }

  /** Whether a run holds the session: executing, or waiting on an interrupt. */
  isBusy(sessionId: string): boolean {
    return this.table.isBusy(sessionId);
  }

  /** Starts a run on `session` (as its caller just read it: only its model and config are used here). */
  async start(session: SessionRecord, message: MessageInput, options: StartOptions): Promise<StartedRun> {
    const { store, transcript, events, now } = this.deps;
    const sessionId = session.id;
    const caller = options.caller ?? SERVER_CALLER;
    const admitted = await this.admission.admit(session);
    await this.deps.meter?.checkBudget(caller.key_id);
    const { settings } = admitted;
    const model = options.model ?? admitted.model;
    const tools = await this.deps.tools.forSession(session);
    const clientTools = [...settings.agent.client_tools, ...(options.clientTools ?? [])];
    this.admission.checkClientTools(clientTools, tools.names, options.clientTools?.length ?? 0);
    const runId = newId("run", now());
    const claim = options.idempotency;
    const background = options.background ?? false;
    const untilClientTools = options.untilClientTools ?? false;
    // Opened before the run is stored: its first events are handed over as soon as they are committed.
    const feed = options.feed && !background ? this.followers.openFeed(runId, sessionId, untilClientTools) : null;
    // The run row, its idempotency key, the user message and the events announcing them commit together, before
    // anything can fail or crash: a retry of the same request then finds this run, whatever happened to the process.
    const stored = events.publishWithin(sessionId, (stage) =>
      store.transaction(async () => {
        await this.admission.checkKeyRuns(caller);
        const created = await this.admission.createRun({
          id: runId,
          session_id: sessionId,
          model,
          background,
          client_tools: clientTools,
          model_options: options.modelOptions ?? null,
          replica_id: this.deps.replicaId,
          key_id: caller.key_id,
          now: now(),
        });
        if (claim) await this.admission.claimKey(claim, runId, now());
        const [row] = await transcript.append(sessionId, [message], { model, runId });
        await stage([
          { type: "run.started", data: { run_id: runId, session_id: sessionId, model } },
          { type: "message.created", data: { run_id: runId, message: publicMessage(row) } },
        ]);
        return { run: created, userMessage: row };
      }),
    );
    const { run, userMessage } = await stored.catch((err: unknown) => {
      feed?.cancel();
      throw err;
    });

    // A run just created is neither ended nor paused: wait for its first end or pause.
    const done = this.followers.waitFor(runId, untilClientTools);
    feed?.onCancel(() => void this.stopRun(runId, "the client disconnected").catch(() => undefined));
    const external = background ? undefined : options.signal;
    if (external) {
      const onAbort = () => void this.stopRun(runId, "the client cancelled the request").catch(() => undefined);
      if (external.aborted) queueMicrotask(onAbort);
      else external.addEventListener("abort", onAbort, { once: true });
      // Once the request is answered (the run ended or paused), its connection closing is no cancel.
      void done.then(() => external.removeEventListener("abort", onAbort));
    }

    caller.trail.note({ action: "run.start", resource: { type: "run", id: runId }, detail: { session_id: sessionId } });
    this.deps.logger.info({ run_id: runId, session_id: sessionId, model, background }, "run started");

    // A background run is followed through its stored events (GET /v1/runs/{id}/events), often by a watcher that
    // connects after the model was called: it streams from the model, so its text is there as it grows.
    this.launch(run, session, userMessage, feed !== null || background, { settings, tools });
    return { runId, sessionId, run, userMessage, done, feed };
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
    const execution = new RunExecution(this.deps, {
      run,
      sessionId: session.id,
      session,
      model,
      userMessage,
      tools,
      clientTools: run.client_tools,
      approvals: settings.agent.approvals,
      maxIterations: settings.agent.max_iterations,
      streamModel,
      signal: controller.signal,
    });
    const done = inSpan(
      "invoke_agent",
      {
        attributes: {
          "gen_ai.operation.name": "invoke_agent",
          "gen_ai.request.model": model,
          "caduceus.session_id": session.id,
          "caduceus.run_id": run.id,
        },
      },
      async (span) => {
        const finished = await execution.execute();
        span.setAttributes({
          "caduceus.run.status": finished.run.status,
          "caduceus.run.iterations": finished.run.iterations,
          "gen_ai.usage.input_tokens": finished.run.usage.prompt_tokens,
          "gen_ai.usage.output_tokens": finished.run.usage.completion_tokens,
        });
        if (finished.run.status === "failed") markFailed(span, new Error(finished.run.error ?? "the run failed"));
        return finished;
      },
    );
    this.table.executing.set(session.id, { runId: run.id, controller, execution, done });
    void done
      .then((finished) => this.stretchEnded(session.id, finished))
      .catch((err: unknown) => this.deps.logger.error({ err, run_id: run.id }, "could not end a run's stretch"));
  }

  private async stretchEnded(sessionId: string, finished: FinishedRun): Promise<void> {
    const runId = finished.run.id;
    if (this.table.executing.get(sessionId)?.runId === runId) this.table.executing.delete(sessionId);
    if (finished.unrecorded) {
      this.followers.ended(runId, finished);
      this.recovery.recordWhenStoreIsBack(runId, "the database became unavailable");
      return;
    }
    if (!isFinal(finished)) {
      this.table.waiting.set(sessionId, runId);
      const pending = await this.deps.store.interrupts.pendingForRun(runId);
      this.interrupts.armTimeouts(pending);
      this.followers.paused(runId, finished);
      // Every interrupt may have been answered while the stretch was still ending.
      if ((await this.deps.store.interrupts.pendingForRun(runId)).length === 0) await this.resume(runId);
      return;
    }
    this.followers.ended(runId, finished);
  }

  /** A paused run whose interrupts are all answered goes on from its stored transcript. */
  private async resume(runId: string): Promise<void> {
    const { store, now } = this.deps;
    const record = await store.runs.get(runId);
    if (!record || record.status !== "requires_action") return;
    const session = await store.sessions.get(record.session_id);
    if (!session) return;
    if (this.table.executing.has(session.id)) return;
    const known = {
      settings: resolveSessionSettings(this.deps.config, session),
      tools: await this.deps.tools.forSession(session),
    };
    if (this.table.executing.has(session.id)) return;
    // Whichever replica takes the answer resumes the run: the first to move it from waiting to running does.
    const run = await store.runs.resume(runId, this.deps.replicaId, now());
    if (!run) return;
    this.table.waiting.delete(session.id);
    this.deps.logger.info({ run_id: runId, session_id: session.id }, "run resumed");
    this.launch(run, session, null, record.background || this.followers.hasFeeds(runId), known);
  }

  /** Stores a steering message for the run; the run takes it in before its next model call. */
  async steer(runId: string, content: string): Promise<SteerRecord> {
    const { store, now } = this.deps;
    const run = await store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    // As Hermes has it: only a run that is working takes steering (not one that waits or has ended).
    if (run.status !== "running") {
      throw new DomainError("run_not_accepting_steer", `Run is not currently accepting steer input: ${runId}`, {
        details: { run_status: run.status },
      });
    }
    const steer = await store.steers.add({
      id: newId("str", now()),
      run_id: runId,
      session_id: run.session_id,
      content,
      created_at: now(),
    });
    this.table.executingRun(run.session_id, runId)?.execution.steered();
    await this.deps.events.publish(run.session_id, "run.steered", { run_id: runId, steer_id: steer.id, content });
    return steer;
  }

  /** Cancels the run (`POST /v1/runs/{id}/cancel`): it ends `cancelled`, whether executing or waiting. */
  async cancelRun(runId: string, reason = "cancelled by a client"): Promise<RunRecord> {
    const run = await this.deps.store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    if (FINAL_RUN_STATUSES.has(run.status)) throw runNotActive(run);
    await this.stopRun(runId, reason);
    return (await this.deps.store.runs.get(runId)) ?? run;
  }

  /** Interrupts the session's run, if any (executing or waiting), and waits until it has recorded that. */
  async cancel(sessionId: string, reason: string): Promise<void> {
    const runId = await this.reader.activeRunOf(sessionId);
    if (runId) await this.stopRun(runId, reason, "interrupted");
  }

  /** Stops the run wherever it is: an executing one is aborted, a waiting one is closed. */
  private async stopRun(
    runId: string,
    reason: string,
    status: "cancelled" | "interrupted" = "cancelled",
  ): Promise<void> {
    const record = await this.deps.store.runs.get(runId);
    if (!record) return;
    const executing = this.table.executingRun(record.session_id, runId);
    if (executing) {
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
    for (const interrupt of await store.interrupts.forRun(run.id)) this.interrupts.clearTimer(interrupt.id);
    this.table.waiting.delete(run.session_id);
    for (const row of rows)
      await events.publish(run.session_id, "message.created", { run_id: run.id, message: publicMessage(row) });
    const summary = summarizeRun(record);
    await events.publish(run.session_id, status === "cancelled" ? "run.cancelled" : "run.failed", { run: summary });
    this.deps.logger.info({ run_id: run.id, session_id: run.session_id, status, error: record.error }, "run finished");
    this.followers.ended(run.id, { run: summary, messages: rows, interrupts: [] });
  }

  /**
   * Stops admitting runs, interrupts the executing ones and waits until each has recorded it. Runs waiting on an
   * interrupt stay waiting: they hold nothing in memory, and the next process takes them up again.
   */
  async shutdown(reason = "the server is shutting down"): Promise<void> {
    this.table.accepting = false;
    this.interrupts.clearTimers();
    this.recovery.stop();
    const running = [...this.table.executing.values()];
    for (const run of running) run.controller.abort(new RunStop("interrupted", reason));
    await Promise.allSettled(running.map((run) => run.done));
    // Whoever still follows a waiting run (a stream, a held request) is told where it stands.
    for (const runId of this.followers.followedRuns()) {
      const record = await this.deps.store.runs.get(runId);
      if (record) this.followers.ended(runId, await this.reader.stateOf(record));
    }
  }
}
