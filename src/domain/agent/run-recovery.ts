/**
 * @module run-recovery
 * Runs that can no longer finish where they were: at start-up, those an earlier process of this replica left
 * running (interrupted) or waiting (waiting again, resumed if their interrupts were all answered); those of a replica
 * found dead; and a run the database going away cut, recorded as interrupted once the store answers again.
 */
import type { RunRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { isStoreUnavailable } from "../../kernel/errors.js";
import type { Logger } from "../../logger.js";
import type { EventBus } from "../events/bus.js";
import type { MessageInput } from "../shared/message-shape.js";
import type { Transcript } from "../transcript/transcript.js";
import type { InterruptAnswers } from "./interrupt-answers.js";
import { INTERRUPTED_TOOL_RESULT } from "./run-stop.js";
import { summarizeRun } from "../shared/run-summary.js";
import type { RunTable } from "./run-table.js";

/** How often the end of a run a database outage cut is tried again. */
const STORE_RETRY_MS = 1_000;

export type RunRecoveryDeps = {
  store: Store;
  transcript: Transcript;
  events: EventBus;
  logger: Logger;
  now: () => number;
  /** This replica's id: the runs it left are its own. */
  replicaId: string;
  table: RunTable;
  interrupts: InterruptAnswers;
  /** Resumes a paused run whose interrupts are all answered (the runner's). */
  resume(runId: string): Promise<void>;
};

export class RunRecovery {
  /** Retries of recording the end of runs a database outage cut. */
  private readonly storeRetries = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: RunRecoveryDeps) {}

  /**
   * At start-up: runs this replica (as an earlier process with the same id) left `running` can never finish; they
   * are closed as {@link recoverRunsOf} does. Runs left waiting on an interrupt wait again: their timeouts are armed,
   * and one whose interrupts were all answered resumes. Answers how many runs were interrupted.
   */
  async recoverInterrupted(): Promise<number> {
    const { store, table } = this.deps;
    const count = await this.recoverRunsOf(this.deps.replicaId, "the server stopped");
    for (const run of await store.runs.listRequiringAction()) {
      table.waiting.set(run.session_id, run.id);
      const pending = await store.interrupts.pendingForRun(run.id);
      if (pending.length > 0) {
        this.deps.interrupts.armTimeouts(pending);
        continue;
      }
      try {
        await this.deps.resume(run.id);
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
  recoverRunsOf(replicaId: string, why: string): Promise<number> {
    return this.closeCut(replicaId, why);
  }

  /**
   * A run cut by the database going away ended here, but its row still says running: it is closed as interrupted
   * (open calls answered, as a restart would) once the store answers again, retried until then. A shutdown leaves it
   * to the next start, which closes this replica's runs left running.
   */
  recordWhenStoreIsBack(runId: string, why: string): void {
    const attempt = () => {
      this.storeRetries.delete(timer);
      if (!this.deps.table.accepting) return;
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

  /** The server is stopping: nothing is retried any more (the next start closes what is left). */
  stop(): void {
    for (const timer of this.storeRetries) clearTimeout(timer);
    this.storeRetries.clear();
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
