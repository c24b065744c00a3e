/**
 * @module run-summary
 * A run as its callers and its events show it: status, iterations, token usage, whether it compressed, and the
 * error. Kept apart from the loop so the event list can name it without importing the loop that publishes it.
 */
import type { RunRecord } from "../../db/records.js";
import type { RunStatus } from "../../kernel/chat.js";

export type RunResultSummary = {
  id: string;
  status: RunStatus;
  iterations: number;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  compressed: boolean;
  error: string | null;
};

export function summarizeRun(run: RunRecord): RunResultSummary {
  return {
    id: run.id,
    status: run.status,
    iterations: run.iterations,
    usage: run.usage,
    compressed: run.compressed,
    error: run.error,
  };
}
