/**
 * @module schemas
 * GET /v1/usage: the model calls of a time range grouped by owner, key, session, model, purpose or day, with their
 * tokens and cost, and the totals.
 */
import { z } from "@hono/zod-openapi";
import { OwnerQuery } from "../shared/pagination.js";

const TIME = z.iso.datetime({ offset: true }).or(z.iso.date());

export const UsageQuery = OwnerQuery.extend({
  from: TIME.optional().openapi({
    param: { name: "from", in: "query" },
    description: "Calls at or after this time (ISO 8601 date or date-time); 30 days before `to` when left out",
    example: "2026-12-01",
  }),
  to: TIME.optional().openapi({
    param: { name: "to", in: "query" },
    description: "Calls before this time (ISO 8601 date or date-time); now when left out",
    example: "2026-12-08",
  }),
  group_by: z
    .enum(["owner", "key", "session", "model", "purpose", "day"])
    .default("day")
    .openapi({
      param: { name: "group_by", in: "query" },
      description: "How calls are grouped (days are UTC)",
      example: "model",
    }),
});

const tokens = (description: string, example: number) => z.number().int().openapi({ description, example });

const sums = {
  calls: tokens("Model calls", 42),
  input_tokens: tokens("Prompt tokens (cached ones included)", 120_000),
  cached_input_tokens: tokens("Prompt tokens the provider read from its cache", 80_000),
  output_tokens: tokens("Completion tokens (reasoning included)", 6_000),
  reasoning_tokens: tokens("Completion tokens spent reasoning", 1_200),
  cost_usd: z.number().nullable().openapi({
    description: "US dollars, from the price table (models.prices); null when no call had a price",
    example: 0.0264,
  }),
  unpriced_calls: tokens("Calls whose model has no price: their cost is not in cost_usd", 0),
  compression_saved_tokens: tokens(
    "Prompt tokens the session's compressions had taken out of later calls' contexts (grouped by purpose: on the " +
      "compression line)",
    54_000,
  ),
};

export const UsageRowSchema = z
  .object({
    group: z.string().nullable().openapi({
      description:
        "The owner, key, session, model, purpose (agent, vision, compression) or day; null: the server key's",
      example: "gpt-4o-mini",
    }),
    ...sums,
  })
  .openapi("UsageRow", { description: "One group's model calls, summed" });

export const UsageReportSchema = z
  .object({
    object: z.literal("usage").openapi({ description: "Always usage", example: "usage" }),
    from: z.string().openapi({ description: "Start of the range (ISO 8601)", example: "2026-12-01T00:00:00.000Z" }),
    to: z
      .string()
      .openapi({ description: "End of the range, excluded (ISO 8601)", example: "2026-12-08T00:00:00.000Z" }),
    group_by: z
      .enum(["owner", "key", "session", "model", "purpose", "day"])
      .openapi({ description: "How calls are grouped", example: "model" }),
    data: z.array(UsageRowSchema).openapi({ description: "Days in order; other groups with the most tokens first" }),
    totals: z.object(sums).openapi({ description: "Every group summed" }),
  })
  .openapi("UsageReport", { description: "The caller's owner's model calls (an admin: every owner's, or `owner`'s)" });

/** GET /v1/usage. */
export type UsageReportResponse = z.infer<typeof UsageReportSchema>;
