/**
 * @module provider-usage
 * A model endpoint's `usage` as one TokenUsage, whichever provider sent it: OpenAI's fields, and the names others put
 * their prompt-cache and reasoning figures under. Read by the agent's calls and the summary model's alike.
 */
import type { TokenUsage } from "../../kernel/chat.js";

/** The usage fields providers put their prompt-cache and reasoning figures in, besides OpenAI's details. */
export type ProviderUsage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
  /** Anthropic's OpenAI-compatible endpoint and gateways passing its figures on. */
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
  /** DeepSeek. */
  prompt_cache_hit_tokens?: number;
};

const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The usage as one shape; null when the endpoint sent none (or none with a prompt count). */
export function normalizeUsage(usage: ProviderUsage | null | undefined): TokenUsage | null {
  if (!usage || typeof usage.prompt_tokens !== "number") return null;
  const completion = usage.completion_tokens ?? 0;
  const details = usage.prompt_tokens_details ?? {};
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: completion,
    total_tokens: usage.total_tokens ?? usage.prompt_tokens + completion,
    cache_read_tokens:
      count(details.cached_tokens) || count(usage.cache_read_input_tokens) || count(usage.prompt_cache_hit_tokens),
    cache_write_tokens: count(details.cache_write_tokens) || count(usage.cache_creation_input_tokens),
    ...(typeof reasoning === "number" ? { reasoning_tokens: reasoning } : {}),
  };
}
