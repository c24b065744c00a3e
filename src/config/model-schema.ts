/**
 * @module model-schema
 * The `model` section of the configuration and the fallback models `model.fallbacks` and
 * `auxiliary.compression.fallbacks` list: part of ./schema.ts (where every default lives), kept apart for its size.
 */
import { z } from "zod";
import { MAX_NAME_CHARS, MAX_SECRET_CHARS, MAX_URL_CHARS } from "./limits.js";

/** A model another one falls back to; its unset endpoint and key are those of the model it stands in for. */
const fallbackModelSchema = z
  .object({
    model: z.string().min(1).max(MAX_NAME_CHARS),
    base_url: z.string().max(MAX_URL_CHARS).url().nullable().default(null),
    api_key: z.string().min(1).max(MAX_SECRET_CHARS).nullable().default(null),
    /** Its context window; null: from the built-in table by its name. */
    context_length: z.number().int().min(1024).nullable().default(null),
  })
  .strict();
export type FallbackModelConfig = z.infer<typeof fallbackModelSchema>;
const MAX_FALLBACKS = 10;
export const fallbacksSchema = z.array(fallbackModelSchema).max(MAX_FALLBACKS).default([]);

export const modelEndpointSchema = z
  .object({
    /**
     * `openai`: the OpenAI-compatible endpoint the other keys name; `demo`: the built-in demo model; `auto`: the
     * endpoint when any of name, base_url or api_key is set, else the demo model (with a warning).
     */
    provider: z.enum(["auto", "openai", "demo"]).default("auto"),
    base_url: z.string().max(MAX_URL_CHARS).url().nullable().default(null),
    api_key: z.string().min(1).max(MAX_SECRET_CHARS).nullable().default(null),
    name: z.string().min(1).max(MAX_NAME_CHARS).nullable().default(null),
    context_length: z.number().int().min(1024).nullable().default(null),
    timeout_s: z.number().positive().default(120),
    max_retries: z.number().int().min(0).max(10).default(2),
    /**
     * Whether the model is shown the images tools return (screenshots): `auto` by the model's name (a built-in table
     * of vision families), `on` for a model.name the table does not know, `off` to send only their text.
     */
    vision: z.enum(["auto", "on", "off"]).default("auto"),
    /** Models tried in order when this one fails with a retryable failure (see docs/models.md). */
    fallbacks: fallbacksSchema,
    /** The circuit breaker that keeps a failing model out of the chain for a while. */
    breaker: z
      .object({
        /** How long a model that failed stays out before one call probes it again (half-open). */
        cooldown_s: z.number().positive().max(86_400).default(30),
        /** Failed calls in a row (each after the client's own retries) that take a model out. */
        failure_threshold: z.number().int().min(1).max(100).default(1),
      })
      .strict()
      .prefault({}),
  })
  .strict();
