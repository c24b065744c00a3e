/**
 * @module runs
 * The `runs` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row and a patch's values.
 */
import type { FunctionTool, ModelOptions } from "../../kernel/chat.js";
import type { runs } from "../schema.js";
import type { RunPatch, RunRecord, SessionUsage } from "../records.js";

type Row = typeof runs.$inferSelect;
type Insert = typeof runs.$inferInsert;

/** The stored form of a run's model options: null when it names none. */
export function modelOptionsJson(options: ModelOptions | null | undefined): string | null {
  return options && Object.keys(options).length ? JSON.stringify(options) : null;
}

/** The record of a row. */
export function runRecordOf(row: Row): RunRecord {
  return {
    id: row.id,
    session_id: row.sessionId,
    status: row.status,
    iterations: row.iterations,
    usage: { prompt_tokens: row.promptTokens, completion_tokens: row.completionTokens, total_tokens: row.totalTokens },
    cache: { read_tokens: row.cacheReadTokens, write_tokens: row.cacheWriteTokens },
    compressed: row.compressed,
    error: row.error,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    finished_at: row.finishedAt,
    model: row.model,
    background: row.background,
    client_tools: row.clientToolsJson ? (JSON.parse(row.clientToolsJson) as FunctionTool[]) : [],
    model_options: row.modelOptionsJson ? (JSON.parse(row.modelOptionsJson) as ModelOptions) : null,
    replica_id: row.replicaId,
    key_id: row.keyId,
  };
}

/** The columns a patch sets, the update time always among them. */
export function runPatchValues(patch: RunPatch, now: number): Partial<Insert> {
  const values: Partial<Insert> = { updatedAt: now };
  if (patch.status !== undefined) values.status = patch.status;
  if (patch.iterations !== undefined) values.iterations = patch.iterations;
  if (patch.usage !== undefined) {
    values.promptTokens = patch.usage.prompt_tokens;
    values.completionTokens = patch.usage.completion_tokens;
    values.totalTokens = patch.usage.total_tokens;
  }
  if (patch.cache !== undefined) {
    values.cacheReadTokens = patch.cache.read_tokens;
    values.cacheWriteTokens = patch.cache.write_tokens;
  }
  if (patch.compressed !== undefined) values.compressed = patch.compressed;
  if (patch.error !== undefined) values.error = patch.error;
  if (patch.finished_at !== undefined) values.finishedAt = patch.finished_at;
  if (patch.replica_id !== undefined) values.replicaId = patch.replica_id;
  return values;
}

/** The grouped sums of a session's runs, as both stores select them. */
export type RunSums = {
  sessionId: string;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  calls: number;
};

/** Each session's usage from its runs' sums and its tool-call count. */
export function sessionUsageOf(
  sums: RunSums[],
  toolCounts: Array<{ sessionId: string; count: number }>,
): Map<string, SessionUsage> {
  const tools = new Map(toolCounts.map((row) => [row.sessionId, row.count]));
  return new Map(
    sums.map((row) => [
      row.sessionId,
      {
        input_tokens: row.input,
        output_tokens: row.output,
        cache_read_tokens: row.cacheRead,
        cache_write_tokens: row.cacheWrite,
        api_call_count: row.calls,
        tool_call_count: tools.get(row.sessionId) ?? 0,
      },
    ]),
  );
}
