/**
 * @module budgets
 * The token figures compression works with, derived from the context window and `compression.*`: the threshold
 * that triggers it, the tail kept verbatim, the summary's target length, and the summary model's window.
 */
import type { CompressionConfig, Config } from "../../config/schema.js";
import { contextLengthFor } from "./context-windows.js";
import type { SessionRecord } from "../../db/records.js";

export const THRESHOLD_FLOOR_TOKENS = 64_000;
export const THRESHOLD_MAX_RATIO = 0.85;
export const SMALL_WINDOW_TOKENS = 512_000;
export const SMALL_WINDOW_MIN_RATIO = 0.75;

/**
 * Tokens at which the context is compressed: the configured share of the window, at least 0.75 of
 * windows under 512K, floored at 64K but never above 85 % of the window, then the optional cap.
 */
export function computeThresholdTokens(contextLength: number, compression: CompressionConfig): number {
  const ratio =
    contextLength < SMALL_WINDOW_TOKENS
      ? Math.max(compression.threshold, SMALL_WINDOW_MIN_RATIO)
      : compression.threshold;
  let threshold = Math.floor(contextLength * ratio);
  threshold = Math.max(threshold, THRESHOLD_FLOOR_TOKENS);
  threshold = Math.min(threshold, Math.floor(contextLength * THRESHOLD_MAX_RATIO));
  if (compression.threshold_tokens_cap) threshold = Math.min(threshold, compression.threshold_tokens_cap);
  return threshold;
}

/** Tokens kept verbatim at the end of the context after a compression. */
export function computeTailBudgetTokens(
  contextLength: number,
  thresholdTokens: number,
  compression: CompressionConfig,
): number {
  if (compression.tail_mode === "legacy") return Math.floor(thresholdTokens * compression.target_ratio);
  const lean = Math.max(10_000, Math.min(25_000, Math.floor(contextLength * 0.025)));
  return Math.min(lean, Math.floor(contextLength * 0.2));
}

/** Guidance for the summary's length (never sent as an output cap). */
export function computeSummaryTargetTokens(compactedTokens: number, contextLength: number): number {
  return Math.floor(Math.max(2000, Math.min(0.2 * compactedTokens, Math.min(0.05 * contextLength, 10_000))));
}

/** Whether `auxiliary.compression` names a summary model other than the session's own. */
export function hasDistinctSummaryModel(config: Config): boolean {
  const aux = config.auxiliary.compression;
  return aux.model !== null || aux.base_url !== null || aux.context_length !== null;
}

/** The summary model's window: `auxiliary.compression.context_length`, else by model name, else the main window. */
export function summaryModelWindow(config: Config): number {
  const aux = config.auxiliary.compression;
  const model = aux.model ?? config.model.name;
  return contextLengthFor(model, aux.context_length ?? (aux.model ? null : config.model.context_length));
}

/** A summary model with a smaller window than the threshold could not read what it must summarize: compress earlier. */
export function thresholdWithinSummaryWindow(thresholdTokens: number, config: Config): number {
  return hasDistinctSummaryModel(config) ? Math.min(thresholdTokens, summaryModelWindow(config)) : thresholdTokens;
}

/** Tokens of a session's active context, its system prompt included. */
export function contextTotalTokens(session: Pick<SessionRecord, "system_prompt_tokens" | "context_tokens">): number {
  return session.system_prompt_tokens + session.context_tokens;
}

/** A session with this many rows in its context is compressed before a run whatever its tokens (SPEC §5.7). */
export const HYGIENE_MAX_MESSAGES = 400;

/** `tokens` as a percentage of the window, to two decimals. */
export function usagePercent(tokens: number, contextLength: number): number {
  return Math.round((tokens / contextLength) * 10_000) / 100;
}
