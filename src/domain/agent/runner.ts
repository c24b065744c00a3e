/**
 * @module runner
 * Starting, replaying and stopping agent runs: admission (one run per session, `server.max_concurrent_runs` in
 * all), the run, its idempotency key and its user message stored in one transaction, the run's event feed, cancel
 * and shutdown, and at start-up the runs a previous process left unfinished.
 */
import { contentText } from "../../kernel/text.js";
import type { SessionRecord } from "../../db/records.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { EventFeed } from "../events/feed.js";
import { newId } from "../../kernel/ids.js";
import type { LlmClients } from "../llm/client.js";
import { requireConfiguredModel } from "../llm/configured-model.js";
import type { IdempotencyClaim } from "./idempotency-claim.js";
import { publicMessage, type MessageInput } from "../transcript/message-shape.js";
import { resolveSessionSettings } from "../sessions/settings.js";
import { INTERRUPTED_TOOL_RESULT, RunExecution, type FinishedRun, type LoopDeps } from "./loop.js";
import { summarizeRun } from "./run-summary.js";

export type AgentRunnerDeps = LoopDeps & {
  llm: LlmClients;
};

/** A run that has been admitted and whose user message is stored. */
export type StartedRun = {
  runId: string;
  sessionId: string;
  /** Settles when the run has ended, whatever its status; never rejects. */
  done: Promise<FinishedRun>;
  /** Every event the session publishes while the run lasts, then `done`; only when asked for. */
  feed: EventFeed | null;
  /** Stops the run; it ends `interrupted` with this reason. */
  cancel(reason: string): void;
};

type ActiveRun = { runId: string; controller: AbortController; done: Promise<FinishedRun> };

/** Seconds a client told `429 too_many_runs` should wait before trying again. */
const RETRY_AFTER_S = 2;

/**
 * A stored run as the events a live stream of it would have carried: each message (an assistant's text also as
 * `message.delta`, which OpenAI-compatible streams are built from), the run's end, then `done`. The frames carry no
 * ids: they are a rebuilt answer, not the session's persisted events.
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
  else if (run.status !== "running") feed.push({ type: "run.failed", data: { run } });
  feed.push({ type: "done", data: { run } });
  feed.end();
  return feed;
}

/**
 * Admits runs (one per session, at most `server.max_concurrent_runs` in all), stores the user
 * message with the run before the model is called, and keeps track of what is running so a
 * cancel or a shutdown can interrupt it.
 */
export class AgentRunner {
  private readonly active = new Map<string, ActiveRun>();
  private accepting = true;

  constructor(private readonly deps: AgentRunnerDeps) {}

  get activeCount(): number {
    return this.active.size;
  }

  isBusy(sessionId: string): boolean {
    return this.active.has(sessionId);
  }

  /** Starts a run on `session` (as its caller just read it: only its model and config are used here). */
  start(
    session: SessionRecord,
    message: MessageInput,
    options: { feed: boolean; signal?: AbortSignal; idempotency?: IdempotencyClaim },
  ): StartedRun {
    const { config, store, transcript, events, now } = this.deps;
    const sessionId = session.id;
    const model = this.admit(session);
    const runId = newId("run", now());
    const claim = options.idempotency;
    // The run row, its idempotency key and the user message commit together, before anything can fail or crash:
    // a retry of the same request then finds this run, whatever happened to the process.
    const { run, userMessage } = store.transaction(() => {
      const created = store.runs.create(runId, sessionId, now());
      if (claim) this.claimKey(claim, runId);
      const [row] = transcript.append(sessionId, [message], { model, runId });
      return { run: created, userMessage: row };
    });

    const controller = new AbortController();
    const feed = options.feed ? new EventFeed() : null;
    const unsubscribe = feed ? events.subscribe(sessionId, (event) => feed.push(event)) : () => {};
    feed?.onCancel(() => controller.abort("the client disconnected"));
    const external = options.signal;
    const onExternalAbort = () => controller.abort("the client cancelled the request");
    if (external?.aborted) onExternalAbort();
    else external?.addEventListener("abort", onExternalAbort, { once: true });

    events.publish(sessionId, "run.started", { run_id: runId, session_id: sessionId, model });
    this.deps.logger.info({ run_id: runId, session_id: sessionId, model }, "run started");
    events.publish(sessionId, "message.created", { run_id: runId, message: publicMessage(userMessage) });

    const client = this.deps.llm.get({
      baseURL: config.model.base_url,
      apiKey: config.model.api_key,
      timeoutMs: config.model.timeout_s * 1000,
      maxRetries: config.model.max_retries,
    });
    const execution = new RunExecution(this.deps, {
      run,
      sessionId,
      model,
      client,
      userMessage,
      streamModel: feed !== null,
      signal: controller.signal,
    });
    const done = execution.execute().finally(() => {
      this.active.delete(sessionId);
      external?.removeEventListener("abort", onExternalAbort);
      unsubscribe();
    });
    void done.then((finished) => {
      feed?.push({ type: "done", data: { run: finished.run } });
      feed?.end();
    });
    this.active.set(sessionId, { runId, controller, done });
    return { runId, sessionId, done, feed, cancel: (reason) => controller.abort(reason) };
  }

  /**
   * A run an earlier request started, as it is stored now (after a restart a cut run is `interrupted`), with every
   * message it added: the answer to a retry of that request. Nothing is appended and no model is called.
   */
  replay(runId: string, options: { feed: boolean }): StartedRun {
    const record = this.deps.store.runs.get(runId);
    if (!record) throw notFound("run", runId);
    const finished: FinishedRun = {
      run: summarizeRun(record),
      messages: this.deps.store.messages.listForRun(record.session_id, runId),
    };
    return {
      runId,
      sessionId: record.session_id,
      done: Promise.resolve(finished),
      feed: options.feed ? storedRunFeed(finished) : null,
      // Nothing runs, so there is nothing to stop.
      cancel: () => undefined,
    };
  }

  /**
   * Records the key for the run, inside the run's first transaction. The HTTP layer has checked that nothing holds
   * the key in this process; a live row can still be there when another process on the same database claimed it
   * meanwhile, and then this request must not run (throwing rolls the run and its user message back).
   */
  private claimKey(claim: IdempotencyClaim, runId: string): void {
    const { store, now } = this.deps;
    const { scope, key, requestHash, ttlMs } = claim;
    const claimed = store.idempotency.claimForRun({ scope, key, requestHash, runId }, now(), ttlMs);
    if (!claimed) throw claim.heldElsewhere();
  }

  /** Whether a run may start on the session now; answers with the model it will use. */
  private admit(session: SessionRecord): string {
    const { config } = this.deps;
    const sessionId = session.id;
    if (!this.accepting)
      throw new DomainError(
        "shutting_down",
        "the server is shutting down and accepts no new runs; retry once it is back",
      );
    if (this.active.has(sessionId)) {
      throw new DomainError(
        "session_busy",
        `session ${sessionId} is already running an agent; wait for that run to finish (watch GET /v1/sessions/${sessionId}/events)`,
      );
    }
    const limit = config.server.max_concurrent_runs;
    if (this.active.size >= limit) {
      throw new DomainError(
        "too_many_runs",
        `${limit} runs are already in progress (server.max_concurrent_runs); retry in a few seconds`,
        { retryAfterS: RETRY_AFTER_S },
      );
    }
    return requireConfiguredModel(config, resolveSessionSettings(config, session).model);
  }

  /** Interrupts the session's run, if any, and waits until it has recorded that. */
  async cancel(sessionId: string, reason: string): Promise<void> {
    const run = this.active.get(sessionId);
    if (!run) return;
    run.controller.abort(reason);
    await run.done.catch(() => undefined);
  }

  /** Stops admitting runs, interrupts the running ones and waits until each has recorded it. */
  async shutdown(reason = "the server is shutting down"): Promise<void> {
    this.accepting = false;
    const running = [...this.active.values()];
    for (const run of running) run.controller.abort(reason);
    await Promise.allSettled(running.map((run) => run.done));
  }

  /**
   * Runs a previous process left `running` can never finish. Their open tool calls get the same
   * "interrupted" result a live interruption writes, so the model is never sent a call without its answer.
   */
  recoverInterrupted(): number {
    const { store, transcript, now } = this.deps;
    return store.transaction(() => {
      for (const run of store.runs.listRunning()) {
        const open = store.messages.unansweredToolCalls(run.session_id, run.id);
        const results: MessageInput[] = open.map((call) => ({
          role: "tool",
          content: INTERRUPTED_TOOL_RESULT,
          tool_call_id: call.id,
          name: call.name,
        }));
        if (results.length > 0) transcript.append(run.session_id, results, { model: null, runId: run.id });
      }
      return store.runs.interruptAllRunning(now(), "interrupted: the server stopped while the run was in progress");
    });
  }
}
