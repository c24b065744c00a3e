/**
 * @module access-schema
 * The configuration of API keys and what their calls cost: the model price table (`models.prices`), how long the
 * audit log keeps its entries (`audit.retention_days`) and how long a key read from a shared store is kept
 * (`keys.cache_ttl_s`). Part of the one schema (./schema.ts), where every default lives.
 */
import { z } from "zod";
import { MAX_LIST_ENTRIES, MAX_NAME_CHARS } from "./limits.js";

/** A model's prices in US dollars per million tokens; cached input costs as input when no price is given for it. */
export const modelPriceSchema = z
  .object({
    input_per_million: z.number().min(0),
    cached_input_per_million: z.number().min(0).optional(),
    output_per_million: z.number().min(0),
  })
  .strict();

export type ModelPrice = z.infer<typeof modelPriceSchema>;

export const accessConfigSchemas = {
  models: z
    .object({
      /** Prices by model name, as the model is called; a model with none is recorded with a cost of null, not 0. */
      prices: z
        .record(z.string().min(1).max(MAX_NAME_CHARS), modelPriceSchema)
        .refine((prices) => Object.keys(prices).length <= MAX_LIST_ENTRIES, `at most ${MAX_LIST_ENTRIES} models`)
        .default({}),
    })
    .strict()
    .prefault({}),
  audit: z
    .object({
      /** Days an audit entry is kept; older ones are deleted. */
      retention_days: z.number().int().min(1).max(3650).default(90),
    })
    .strict()
    .prefault({}),
  keys: z
    .object({
      /**
       * Seconds a key read from a shared PostgreSQL store is kept before it is read again; a change or revocation
       * made on any replica drops it at once. 0 reads it on every request. SQLite always reads it (microseconds).
       */
      cache_ttl_s: z.number().int().min(0).max(3600).default(30),
    })
    .strict()
    .prefault({}),
};
