/**
 * @module run-outcome
 * How a finished agent run reads to an OpenAI client: a finish reason, or — when the run failed or was
 * interrupted — an error instead of an answer, so a cut answer is never shown as final.
 */
import type { RunResultSummary } from "../../domain/shared/run-summary.js";
import { HttpError } from "../../http/errors.js";

/**
 * A failed, interrupted or cancelled run has no final answer, whatever it said before it stopped (the transcript keeps
 * that); nor has one left waiting on anything but the client's own tool calls (`clientToolCalls` of them).
 */
export function hasNoAnswer(run: RunResultSummary, clientToolCalls = 0): boolean {
  if (run.status === "requires_action") return clientToolCalls === 0;
  return run.status === "failed" || run.status === "interrupted" || run.status === "cancelled";
}

export function finishReasonOf(run: RunResultSummary): "stop" | "length" | "tool_calls" {
  if (run.status === "requires_action") return "tool_calls";
  return run.status === "incomplete" ? "length" : "stop";
}

/**
 * A run that ended without an answer (its model failed, it was cut by a restart or cancelled, or it waits on an
 * approval) is Hermes's `502 agent_incomplete`, with `X-Hermes-Completed: false` and `X-Hermes-Partial`, and
 * `hermes {completed, partial, failed}` (with the run's id, status and error) which the OpenAI envelope shows as
 * `error.hermes`.
 */
export function runFailure(run: RunResultSummary, headers: Record<string, string> = {}): HttpError {
  const why =
    run.status === "requires_action"
      ? `the run ${run.id} waits for an approval; answer it (GET /v1/runs/${run.id}) and read the answer there`
      : (run.error ?? `the run ended ${run.status}`);
  const partial = run.status === "incomplete";
  return new HttpError("agent_incomplete", why, {
    headers: { ...headers, "X-Hermes-Completed": "false", "X-Hermes-Partial": String(partial) },
    details: {
      hermes: {
        completed: false,
        partial,
        failed: run.status === "failed",
        run_id: run.id,
        status: run.status,
        error: run.error,
      },
    },
  });
}
