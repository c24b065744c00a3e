/**
 * @module present
 * Runs as the API answers them: ISO times, the pending interrupts beside the run, and pages with an opaque cursor.
 */
import type { InterruptView } from "../../domain/shared/interrupt-view.js";
import type { RunView } from "../../domain/agent/runner.js";
import { encodeCursor } from "../../http/cursor.js";
import type { RunCursor, RunRecord } from "../shared/records.js";
import type { Config } from "../../config/schema.js";
import { hermesApproval, hermesEventName, hermesUsage } from "./hermes-frames.js";
import { hermesOutcome, hermesRuntime } from "./hermes-status.js";
import type { HermesRunResponse, RunPageResponse, RunResourceResponse } from "./schemas.js";

const iso = (ms: number) => new Date(ms).toISOString();

export function presentRunResource(
  run: RunRecord,
  interrupts: InterruptView[],
  output: string | null = null,
  cost: number | null = null,
): RunResourceResponse {
  return {
    object: "hermes.run",
    id: run.id,
    run_id: run.id,
    session_id: run.session_id,
    status: run.status,
    model: run.model,
    background: run.background,
    iterations: run.iterations,
    usage: run.usage,
    compressed: run.compressed,
    error: run.error,
    created_at: iso(run.created_at),
    updated_at: iso(run.updated_at),
    finished_at: run.finished_at === null ? null : iso(run.finished_at),
    output,
    interrupts,
    cost_usd: cost,
  };
}

/** A page of runs, each with what it waits on and its answer. */
export function presentRunPage(page: { runs: RunView[]; next: RunCursor | null }): RunPageResponse {
  return {
    data: page.runs.map(({ run, interrupts, output, cost_usd: cost }) =>
      presentRunResource(run, interrupts, output, cost),
    ),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
}

const seconds = (ms: number) => ms / 1000;

/**
 * A run as the Hermes routes answer it (`/v1/runs*`): Hermes's status and flags, epoch-second times, the last event,
 * the runtime, usage with the prompt-cache figures, the pending approval while it waits; then our own fields beside
 * them (iterations, background, the interrupts, `finished_at`).
 */
export function presentHermesRun(view: RunView, config: Config): HermesRunResponse {
  const { run, interrupts, output, last_event: lastEvent } = view;
  const outcome = hermesOutcome(run.status);
  // A guard hold waits for a person just as an approval does; a Hermes client answers it the same way.
  const approval = interrupts.find((interrupt) => interrupt.kind === "approval" || interrupt.kind === "guard");
  return {
    object: "hermes.run",
    id: run.id,
    run_id: run.id,
    session_id: run.session_id,
    status: outcome.status,
    completed: outcome.completed,
    partial: outcome.partial,
    interrupted: outcome.interrupted,
    created_at: seconds(run.created_at),
    updated_at: seconds(run.updated_at),
    finished_at: run.finished_at === null ? null : seconds(run.finished_at),
    model: run.model,
    last_event: lastEvent === null ? null : hermesEventName(lastEvent, run.status),
    runtime: hermesRuntime(config, run.model),
    usage: hermesUsage(run.usage, run.cache),
    cost_usd: view.cost_usd,
    output,
    error: run.error,
    ...(outcome.status === "waiting_for_approval" && approval
      ? {
          approval: {
            event: "approval.request",
            run_id: run.id,
            timestamp: Date.parse(approval.created_at) / 1000,
            ...hermesApproval(approval),
          },
        }
      : {}),
    iterations: run.iterations,
    background: run.background,
    compressed: run.compressed,
    interrupts,
  };
}

/** A page of runs in Hermes's words. */
export function presentHermesRunPage(page: { runs: RunView[]; next: RunCursor | null }, config: Config) {
  return {
    object: "list" as const,
    data: page.runs.map((view) => presentHermesRun(view, config)),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
}

export const isRunCursor = (v: unknown): v is RunCursor =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as RunCursor).created_at === "number" &&
  typeof (v as RunCursor).id === "string";
