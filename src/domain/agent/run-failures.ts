/**
 * @module run-failures
 * How a stretch of a run that threw ends: stopped from outside (cancelled or interrupted, with the stop's reason), a
 * model call that failed for good, the key's tokens of the day spent before the next model call, the database out of
 * reach (interrupted), or an internal error — its status and error, logged as each deserves.
 */
import type { RunStatus } from "../../kernel/chat.js";
import { DomainError, isStoreUnavailable } from "../../kernel/errors.js";
import type { Logger } from "../../logger.js";
import { ModelFailure } from "../shared/model-errors.js";
import { abortReason, RunAborted, RunStop } from "./run-stop.js";

export function failureOf(
  err: unknown,
  signal: AbortSignal,
  logger: Logger,
  ids: { run_id: string; session_id: string },
): { status: RunStatus; error: string } {
  if (signal.aborted || err instanceof RunAborted) {
    const stop = signal.reason instanceof RunStop ? signal.reason : null;
    const status = stop?.status ?? "interrupted";
    return { status, error: `${status}: ${abortReason(signal)}` };
  }
  if (err instanceof ModelFailure) {
    logger.warn({ ...ids, kind: err.kind, status: err.status }, "model call failed");
    return { status: "failed", error: err.message };
  }
  // The key's tokens of the day ran out between two model calls: the run stops with what it has.
  if (err instanceof DomainError && err.code === "token_budget_exceeded")
    return { status: "failed", error: `token_budget_exceeded: ${err.message}` };
  if (isStoreUnavailable(err)) return { status: "interrupted", error: `interrupted: ${(err as Error).message}` };
  logger.error({ err, run_id: ids.run_id }, "run failed with an internal error");
  return {
    status: "failed",
    error: `internal error during the run: ${err instanceof Error ? err.message : String(err)}`,
  };
}
