/**
 * @module run-reader
 * Runs as clients read them: one run with what it waits on and its answer (a view), a page of them in a fixed number
 * of reads, a run's rows, the session's active run, the interrupts waiting, and a run's state as a stretch's end —
 * for a replay of the request that started it, or for a wait on a run that already ended or paused.
 */
import type { InterruptRecord, OwnerFilter, RunCursor, RunRecord, StoredMessage } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { FINAL_RUN_STATUSES } from "../../kernel/chat.js";
import { notFound } from "../../kernel/errors.js";
import { contentText } from "../../kernel/text.js";
import { viewInterrupt, type InterruptView } from "../shared/interrupt-view.js";
import type { FinishedRun } from "./run-params.js";
import { storedRunFeed, type RunFollowers } from "./run-followers.js";
import { summarizeRun } from "../shared/run-summary.js";
import type { RunTable } from "./run-table.js";
import type { StartedRun } from "./run-params.js";

/**
 * A run as clients see it: the stored run, what it waits on, its answer once it has ended with one, the type of the
 * last event it published (null before any), and what its model calls cost (null when none had a price).
 */
export type RunView = {
  run: RunRecord;
  interrupts: InterruptView[];
  output: string | null;
  last_event: string | null;
  cost_usd: number | null;
};

/** The answer a run gave: the text of its last assistant message, once it has ended with one. */
function outputOf(run: RunRecord, answer: StoredMessage | undefined): string | null {
  if (run.status !== "completed" && run.status !== "incomplete") return null;
  return answer && answer.content !== null ? contentText(answer.content) : null;
}

export class RunReader {
  constructor(
    private readonly store: Store,
    private readonly table: RunTable,
    private readonly followers: RunFollowers,
  ) {}

  /** The run and what it waits on, as stored. */
  async get(runId: string): Promise<{ run: RunRecord; interrupts: InterruptView[] }> {
    const run = await this.store.runs.get(runId);
    if (!run) throw notFound("run", runId);
    return { run, interrupts: (await this.store.interrupts.pendingForRun(runId)).map(viewInterrupt) };
  }

  /** The run, what it waits on and its answer. */
  async view(runId: string): Promise<RunView> {
    const { run, interrupts } = await this.get(runId);
    const [[answer], lastEvents, costs] = await Promise.all([
      this.store.messages.lastAnswerOfRuns([run.id]),
      this.store.events.lastTypesOfRuns([run.id]),
      this.store.modelCalls.costOfRuns([run.id]),
    ]);
    return {
      run,
      interrupts,
      output: outputOf(run, answer),
      last_event: lastEvents.get(run.id) ?? null,
      cost_usd: costs.get(run.id) ?? null,
    };
  }

  /** The views of stored runs, in five reads whatever their number: interrupts, answers, last events and costs. */
  async viewsOf(runs: RunRecord[]): Promise<RunView[]> {
    const ids = runs.map((run) => run.id);
    const waiting = runs.filter((run) => run.status === "requires_action").map((run) => run.id);
    const [pending, answers, lastEvents, costs] = await Promise.all([
      this.store.interrupts.pendingForRuns(waiting),
      this.store.messages.lastAnswerOfRuns(ids),
      this.store.events.lastTypesOfRuns(ids),
      this.store.modelCalls.costOfRuns(ids),
    ]);
    const interruptsOf = new Map<string, InterruptRecord[]>();
    for (const interrupt of pending)
      interruptsOf.set(interrupt.run_id, [...(interruptsOf.get(interrupt.run_id) ?? []), interrupt]);
    const answerOf = new Map(answers.map((message) => [message.run_id, message]));
    return runs.map((run) => ({
      run,
      interrupts: (interruptsOf.get(run.id) ?? []).map(viewInterrupt),
      output: outputOf(run, answerOf.get(run.id)),
      last_event: lastEvents.get(run.id) ?? null,
      cost_usd: costs.get(run.id) ?? null,
    }));
  }

  /** Runs newest first, of one session or (null) of every session — of one owner's, with a filter — as views. */
  async page(
    sessionId: string | null,
    limit: number,
    cursor: RunCursor | null,
    owner: OwnerFilter = null,
  ): Promise<{ runs: RunView[]; next: RunCursor | null }> {
    const rows = await this.store.runs.list(sessionId, limit + 1, cursor, owner);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const next = rows.length > limit && last ? { created_at: last.created_at, id: last.id } : null;
    return { runs: await this.viewsOf(page), next };
  }

  /** Whether the run has ended (or is gone): nothing of it runs or waits. */
  async hasEnded(runId: string): Promise<boolean> {
    const run = await this.store.runs.get(runId);
    return !run || FINAL_RUN_STATUSES.has(run.status);
  }

  /** Every row the run stored, in seq order. */
  messagesOf(run: RunRecord): Promise<StoredMessage[]> {
    return this.store.messages.listForRun(run.session_id, run.id);
  }

  /** The run's stored state as a stretch's end: its summary, its messages and what it waits on. */
  async stateOf(run: RunRecord): Promise<FinishedRun> {
    const [messages, pending] = await Promise.all([
      this.store.messages.listForRun(run.session_id, run.id),
      this.store.interrupts.pendingForRun(run.id),
    ]);
    return { run: summarizeRun(run), messages, interrupts: pending.map(viewInterrupt) };
  }

  /**
   * A run an earlier request started, as it is stored now (after a restart a cut run is `interrupted`), with every
   * message it added: the answer to a retry of that request. Nothing is appended and no model is called.
   */
  async replay(runId: string, options: { feed: boolean }): Promise<StartedRun> {
    const record = await this.store.runs.get(runId);
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
    const record = await this.store.runs.get(runId);
    if (record && !this.table.executingRun(record.session_id, record.id)) {
      const pausedAsAsked =
        record.status === "requires_action" &&
        (!untilClientTools || (await this.store.interrupts.pendingForRun(runId)).some((i) => i.kind === "client_tool"));
      if (FINAL_RUN_STATUSES.has(record.status) || pausedAsAsked) return this.stateOf(record);
    }
    return this.followers.waitFor(runId, untilClientTools);
  }

  /** The session's run, if any, executing (here or on another replica) or waiting. */
  async activeRunOf(sessionId: string): Promise<string | null> {
    const executing = this.table.executing.get(sessionId)?.runId;
    if (executing) return executing;
    return (await this.store.runs.activeForSession(sessionId))?.id ?? null;
  }

  /** The approvals and client tool calls the session's runs wait on. */
  async pendingInterrupts(sessionId: string): Promise<InterruptView[]> {
    return (await this.store.interrupts.pendingForSession(sessionId)).map(viewInterrupt);
  }

  /** The pending client-tool interrupts with a call `matches` picks (a chat client's tool results name their calls). */
  async pendingClientToolCalls(matches: (toolCallId: string) => boolean): Promise<InterruptView[]> {
    return (await this.store.interrupts.allPending())
      .filter((i) => i.kind === "client_tool" && i.tool_calls.some((call) => matches(call.id)))
      .map(viewInterrupt);
  }

  /** The session an interrupt belongs to; null when there is no such interrupt. */
  async interruptSession(interruptId: string): Promise<string | null> {
    return (await this.store.interrupts.get(interruptId))?.session_id ?? null;
  }

  /** The run a request with this Idempotency-Key (in this scope) started: its claim's run, or the one its answer names. */
  async runOfIdempotencyKey(scope: string, key: string, now: number): Promise<string | null> {
    const stored = await this.store.idempotency.find(scope, key, now);
    if (!stored || stored.state === "held") return null;
    if (stored.state === "pending") return stored.runId;
    try {
      const body = JSON.parse(stored.response.body) as { run_id?: unknown };
      return typeof body.run_id === "string" ? body.run_id : null;
    } catch {
      return null;
    }
  }
}
