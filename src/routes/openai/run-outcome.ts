/**
 * @module run-outcome
 * How a finished agent run reads to an OpenAI client: a finish reason, or — when the run failed or was
 * interrupted — an error instead of an answer, so a cut answer is never shown as final.
 */
import type { RunResultSummary } from "../../domain/agent/loop.js";
import { HttpError } from "../../http/errors.js";

/** A failed or interrupted run has no final answer, whatever it said before it stopped (the transcript keeps that). */
export function hasNoAnswer(run: RunResultSummary): boolean {
  return run.status === "failed" || run.status === "interrupted";
}

export function finishReasonOf(run: RunResultSummary): "stop" | "length" {
  return run.status === "incomplete" ? "length" : "stop";
}

export function runFailure(run: RunResultSummary, headers: Record<string, string> = {}): HttpError {
  return new HttpError("model_error", run.error ?? `the run ended ${run.status}`, { headers });
}
