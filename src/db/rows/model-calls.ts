/**
 * @module model-calls
 * The `model_calls` table's rows as both stores write and read them, and what a usage report is built from in either
 * dialect: the record of a row, a new call's values, and the grouped sums as rows of a report.
 */
import type { modelCalls } from "../schema.js";
import type { ModelCallRecord, UsageRow } from "../records.js";

type Insert = typeof modelCalls.$inferInsert;

export function modelCallInsertValues(record: ModelCallRecord): Insert {
  return {
    id: record.id,
    createdAt: record.created_at,
    purpose: record.purpose,
    model: record.model,
    owner: record.owner,
    keyId: record.key_id,
    sessionId: record.session_id,
    runId: record.run_id,
    inputTokens: record.input_tokens,
    cachedInputTokens: record.cached_input_tokens,
    outputTokens: record.output_tokens,
    reasoningTokens: record.reasoning_tokens,
    estimated: record.estimated,
    costUsd: record.cost_usd,
    savedTokens: record.saved_tokens,
  };
}

/** A report's group as both stores select it (sums may come back as strings or numbers). */
export type UsageSums = {
  group: string | null;
  calls: unknown;
  input: unknown;
  cached: unknown;
  output: unknown;
  reasoning: unknown;
  cost: unknown;
  unpriced: unknown;
  saved: unknown;
};

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export function usageRowOf(sums: UsageSums): UsageRow {
  const calls = num(sums.calls);
  const unpriced = num(sums.unpriced);
  return {
    group: sums.group,
    calls,
    input_tokens: num(sums.input),
    cached_input_tokens: num(sums.cached),
    output_tokens: num(sums.output),
    reasoning_tokens: num(sums.reasoning),
    // Null when no call of the group had a price: a sum of none is not a cost of 0.
    cost_usd: unpriced === calls ? null : num(sums.cost),
    unpriced_calls: unpriced,
    saved_tokens: num(sums.saved),
  };
}
