/**
 * @module run-tally
 * What a run has spent so far — its model calls, their tokens (and the prompt tokens the provider's cache served or
 * took), whether it compressed — counted on from what its record held when this stretch of it began.
 */
import type { RunCacheTokens, RunRecord } from "../../db/records.js";
import type { TokenUsage } from "../../kernel/chat.js";

/** A run's progress as its record stores it. */
export type RunProgress = Pick<RunRecord, "iterations" | "usage" | "cache" | "compressed">;

export class RunTally {
  iterations: number;
  compressed: boolean;
  private readonly usage: RunRecord["usage"];
  private readonly cache: RunCacheTokens;

  constructor(run: RunRecord) {
    this.iterations = run.iterations;
    this.compressed = run.compressed;
    this.usage = { ...run.usage };
    this.cache = { ...run.cache };
  }

  /** A model response's usage (a provider that reported none adds nothing). */
  add(usage: TokenUsage | null): void {
    if (!usage) return;
    this.usage.prompt_tokens += usage.prompt_tokens;
    this.usage.completion_tokens += usage.completion_tokens;
    this.usage.total_tokens += usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens;
    this.cache.read_tokens += usage.cache_read_tokens ?? 0;
    this.cache.write_tokens += usage.cache_write_tokens ?? 0;
  }

  /** A copy, for the record: later counting does not change it. */
  progress(): RunProgress {
    return {
      iterations: this.iterations,
      usage: { ...this.usage },
      cache: { ...this.cache },
      compressed: this.compressed,
    };
  }
}
