/**
 * @module schemas
 * The context's wire shapes: the active context as the model gets it, compression requests and results, summary
 * versions, the anchor index, transcript search, and the success body of each context operation.
 */
import { z } from "@hono/zod-openapi";
import { PageQuery } from "../shared/pagination.js";
import { ANCHOR_KINDS } from "../../domain/context/engine.js";
import { ContentSchema, RoleSchema, ToolCallSchema } from "../shared/chat-schemas.js";

export const ChatMessageSchema = z
  .object({
    role: RoleSchema,
    content: ContentSchema,
    tool_calls: z.array(ToolCallSchema).optional().openapi({ description: "Tool calls" }),
    tool_call_id: z.string().optional().openapi({ description: "Answered call", example: "call_1" }),
    name: z.string().optional().openapi({ description: "Name", example: "browser_navigate" }),
  })
  .openapi("ChatMessage", { description: "A message as the model receives it" });

export const ContextSchema = z
  .object({
    messages: z.array(ChatMessageSchema).openapi({ description: "The active context, in order, as sent to the model" }),
    tokens: z
      .object({
        total: z.number().int().openapi({ description: "Tokens of the active context", example: 18250 }),
        threshold: z.number().int().openapi({ description: "Compression threshold", example: 96000 }),
        context_length: z.number().int().openapi({ description: "Model window", example: 128000 }),
        usage_percent: z.number().openapi({ description: "total / context_length × 100", example: 14.26 }),
      })
      .openapi({ description: "Token figures" }),
    summary_id: z.string().nullable().openapi({ description: "The summary in the context, if any", example: null }),
    compression_count: z.number().int().openapi({ description: "Compressions so far", example: 0 }),
    engine: z.string().openapi({ description: "Active context engine", example: "compressor" }),
  })
  .openapi("Context");

export const SummarySchema = z
  .object({
    id: z.string().openapi({ description: "Summary id", example: "sum_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    session_id: z.string().openapi({ description: "Session id", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    version: z
      .number()
      .int()
      .openapi({ description: "1 for the first compression; n+1 updates version n", example: 2 }),
    body: z.string().openapi({
      description: "The summary with its deterministic appendices (anchor index, user messages, recovery note)",
      example: "## Goal\nShip PR #1234 …",
    }),
    covers: z
      .object({
        from_seq: z.number().int().openapi({ description: "First seq compacted by this compression", example: 4 }),
        to_seq: z.number().int().openapi({ description: "Last seq compacted by this compression", example: 57 }),
      })
      .openapi({ description: "The transcript range this version compacted" }),
    tokens_before: z.number().int().openapi({ description: "Context tokens before the compression", example: 96100 }),
    tokens_after: z.number().int().openapi({ description: "Context tokens after the compression", example: 21400 }),
    model: z.string().nullable().openapi({
      description: "Model that wrote the summary (null for the deterministic fallback)",
      example: "gpt-4o-mini",
    }),
    focus_topic: z.string().nullable().openapi({ description: "Focus topic given to the compression", example: null }),
    fallback_used: z
      .boolean()
      .openapi({ description: "Whether the deterministic fallback summary was used", example: false }),
    created_at: z.string().openapi({ description: "Creation time (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
  })
  .openapi("Summary");

export const CompressBody = z
  .object({
    focus_topic: z.string().min(1).max(2_000).optional().openapi({
      description: "Topic the summary should concentrate on (about 60–70 % of its budget)",
      example: "the failing migration",
    }),
    dry_run: z.boolean().optional().openapi({
      description: "Report what would be compacted without changing anything or calling a model",
      example: false,
    }),
  })
  .strict()
  .openapi("CompressRequest");

const AnchorKindSchema = z
  .enum(ANCHOR_KINDS as [string, ...string[]])
  .openapi({ description: "Anchor kind", example: "path" });

export const CompressResultSchema = z
  .object({
    compressed: z.boolean().openapi({ description: "Whether the context was changed", example: true }),
    reason: z.string().optional().openapi({
      description: "Why nothing was changed (dry run, nothing to compact, summary model unreachable …)",
      example: "dry run: nothing was changed",
    }),
    tokens_before: z.number().int().openapi({ description: "Context tokens before", example: 96100 }),
    tokens_after: z
      .number()
      .int()
      .openapi({ description: "Context tokens after (estimated for a dry run)", example: 21400 }),
    messages_compacted: z.number().int().openapi({ description: "Rows that left the active context", example: 54 }),
    summary: z.union([SummarySchema, z.null()]).openapi({ description: "The summary version written, if any" }),
    fallback_used: z
      .boolean()
      .openapi({ description: "Whether the deterministic fallback summary was used", example: false }),
    anchors_added: z.number().int().openapi({ description: "Anchors new to the session's index", example: 12 }),
    would_compact: z
      .object({
        from_seq: z.number().int().openapi({ description: "First seq that would leave the context", example: 4 }),
        to_seq: z.number().int().openapi({ description: "Last seq that would leave the context", example: 57 }),
        seqs: z
          .array(z.number().int())
          .openapi({ description: "Every seq that would leave the context", example: [4, 5, 6] }),
      })
      .optional()
      .openapi({ description: "dry_run only: the rows that would be compacted" }),
    compacted_tokens: z
      .number()
      .int()
      .optional()
      .openapi({ description: "dry_run only: tokens of the rows that would leave the context", example: 74000 }),
    anchors: z
      .array(
        z.object({
          kind: AnchorKindSchema,
          value: z.string().openapi({ description: "The identifier, verbatim", example: "src/app.ts" }),
          count: z.number().int().openapi({ description: "Occurrences in the span", example: 3 }),
        }),
      )
      .optional()
      .openapi({ description: "dry_run only: anchors found in the span that would be compacted" }),
  })
  .openapi("CompressResult");

export const AnchorSchema = z
  .object({
    kind: AnchorKindSchema,
    value: z.string().openapi({ description: "The identifier, verbatim (secrets masked)", example: "#1234" }),
    count: z.number().int().openapi({ description: "Rows of the transcript it occurs in", example: 3 }),
    first_seq: z.number().int().openapi({ description: "First seq it appeared in", example: 5 }),
    last_seq: z.number().int().openapi({ description: "Last seq it appeared in", example: 41 }),
    in_context: z
      .boolean()
      .openapi({ description: "Whether a row it occurs in is still in the active context", example: false }),
  })
  .openapi("Anchor");

export const AnchorQuery = PageQuery.extend({
  in_context: z
    .enum(["true", "false"])
    .optional()
    .openapi({
      param: { name: "in_context", in: "query" },
      description: "Only anchors still in the context (true) or only in compacted rows (false)",
      example: "false",
    }),
  kind: AnchorKindSchema.optional().openapi({
    param: { name: "kind", in: "query" },
    description: "Only anchors of this kind",
    example: "error",
  }),
  q: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .openapi({
      param: { name: "q", in: "query" },
      description: "Case-insensitive substring of the value",
      example: "app.ts",
    }),
});

export const AnchorList = z
  .object({
    data: z.array(AnchorSchema).openapi({ description: "Anchors, most frequent first, then most recent" }),
    total: z.number().int().openapi({ description: "Anchors matching the filters, over every page", example: 1 }),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Pass as cursor for the next page; null on the last", example: null }),
  })
  .openapi("AnchorList");

export const SummaryList = z
  .object({ data: z.array(SummarySchema).openapi({ description: "Every summary version, oldest first" }) })
  .openapi("SummaryList");

export const SearchQuery = z.object({
  q: z
    .string()
    .min(1)
    .max(1_000)
    .openapi({
      param: { name: "q", in: "query" },
      description: "Words or identifiers; all must match. Searched as written (no query syntax).",
      example: "src/app.ts ENOSPC",
    }),
  role: z
    .enum(["system", "user", "assistant", "tool"])
    .optional()
    .openapi({ param: { name: "role", in: "query" }, description: "Only messages of this role", example: "tool" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(20)
    .openapi({ param: { name: "limit", in: "query" }, description: "Maximum hits (1–200)", example: 20 }),
});

export const SearchHitSchema = z
  .object({
    seq: z.number().int().openapi({ description: "Seq of the matching message", example: 12 }),
    message_id: z.string().openapi({ description: "Message id", example: "msg_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    role: z.string().openapi({ description: "Message role", example: "tool" }),
    in_context: z
      .boolean()
      .openapi({ description: "false when compression moved the message out of the active context", example: false }),
    kind: z.string().openapi({ description: "message or summary", example: "message" }),
    snippet: z.string().openapi({
      description: "Matching excerpt, matches in [brackets]",
      example: "write failed: [ENOSPC] no space left",
    }),
    rank: z.number().openapi({ description: "BM25 rank (lower is better)", example: -3.2 }),
    created_at: z.string().openapi({ description: "Creation time (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
  })
  .openapi("SearchHit");

export const SearchResult = z
  .object({
    data: z.array(SearchHitSchema).openapi({ description: "Hits, best first" }),
    query: z.string().openapi({ description: "The query as given", example: "ENOSPC" }),
  })
  .openapi("SearchResult");

/** GET /v1/sessions/{id}/context. */
export type GetContextResponse = z.infer<typeof ContextSchema>;
/** POST /v1/sessions/{id}/compress. */
export type CompressResponse = z.infer<typeof CompressResultSchema>;
/** GET /v1/sessions/{id}/summaries. */
export type ListSummariesResponse = z.infer<typeof SummaryList>;
/** GET /v1/sessions/{id}/anchors. */
export type ListAnchorsResponse = z.infer<typeof AnchorList>;
/** GET /v1/sessions/{id}/search. */
export type SearchMessagesResponse = z.infer<typeof SearchResult>;
