/**
 * @module present
 * Runs as the API answers them: ISO times, the pending interrupts beside the run, and pages with an opaque cursor.
 */
import type { InterruptView } from "../../domain/shared/interrupt-view.js";
import type { RunView } from "../../domain/agent/runner.js";
import { encodeCursor } from "../../http/cursor.js";
import type { RunCursor, RunRecord, SteerRecord } from "../shared/records.js";
import type { RunPageResponse, RunResourceResponse, SteerResponse } from "./schemas.js";

const iso = (ms: number) => new Date(ms).toISOString();

export function presentRunResource(
  run: RunRecord,
  interrupts: InterruptView[],
  output: string | null = null,
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
  };
}

/** A page of runs, each with what it waits on and its answer. */
export function presentRunPage(page: { runs: RunView[]; next: RunCursor | null }): RunPageResponse {
  return {
    data: page.runs.map(({ run, interrupts, output }) => presentRunResource(run, interrupts, output)),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
}

export function presentSteer(steer: SteerRecord): SteerResponse {
  return {
    id: steer.id,
    run_id: steer.run_id,
    content: steer.content,
    status: "queued",
    created_at: iso(steer.created_at),
  };
}

export const isRunCursor = (v: unknown): v is RunCursor =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as RunCursor).created_at === "number" &&
  typeof (v as RunCursor).id === "string";
