/**
 * @module run-table
 * What this process runs now: the stretch of a run executing per session (with what stops it and what it will come
 * to), the runs paused on interrupts that hold their sessions, and whether runs are admitted at all (not once the
 * server is stopping). Every part of the runner reads and writes it; nothing here is stored.
 */
import type { RunExecution } from "./run-execution.js";
import type { FinishedRun } from "./run-params.js";

/** One stretch of a run executing here. */
export type Executing = {
  runId: string;
  controller: AbortController;
  execution: RunExecution;
  done: Promise<FinishedRun>;
};

export class RunTable {
  /** Runs executing now, by session. */
  readonly executing = new Map<string, Executing>();
  /** Runs paused on interrupts, by session: they hold the session until they end. */
  readonly waiting = new Map<string, string>();
  /** Whether new runs are admitted (not once the server is stopping). */
  accepting = true;

  /** Whether a run holds the session here: executing, or waiting on an interrupt. */
  isBusy(sessionId: string): boolean {
    return this.executing.has(sessionId) || this.waiting.has(sessionId);
  }

  /** The session's stretch executing here, when it is this run's. */
  executingRun(sessionId: string, runId: string): Executing | null {
    const executing = this.executing.get(sessionId);
    return executing?.runId === runId ? executing : null;
  }
}
