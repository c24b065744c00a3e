/**
 * @module times
 * Stored times (epoch ms) as the API shows them: ISO 8601 strings, null where a time is not set; and the schema of
 * such a field.
 */
import { z } from "@hono/zod-openapi";

/** An epoch-ms time as ISO 8601, null kept. */
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A field holding an ISO 8601 time or null. */
export const nullableIsoTime = (description: string, example: string | null) =>
  z.string().nullable().openapi({ description, example });
