/**
 * @module prices
 * What a model call cost, from the price table in force (`models.prices`): input not read from the cache at the
 * input price, cached input at the cached price (the input price when none is given), output — reasoning included —
 * at the output price. A model with no price costs null: unknown, not free.
 */
import type { ModelPrice } from "../../config/access-schema.js";

const PER_MILLION = 1_000_000;

export type PricedTokens = { input: number; cached_input: number; output: number };

export function costOf(prices: Record<string, ModelPrice>, model: string, tokens: PricedTokens): number | null {
  const price = Object.hasOwn(prices, model) ? prices[model] : undefined;
  if (!price) return null;
  const cached = Math.min(tokens.cached_input, tokens.input);
  const cachedPrice = price.cached_input_per_million ?? price.input_per_million;
  return (
    ((tokens.input - cached) * price.input_per_million +
      cached * cachedPrice +
      tokens.output * price.output_per_million) /
    PER_MILLION
  );
}
