/**
 * @module schemas
 * The wire shapes of recall across sessions: the anchor list of every session of the caller's owner and full-text
 * search over their stored rows.
 */
import { z } from "@hono/zod-openapi";
import { ANCHOR_KINDS } from "../../domain/context/engine.js";
import { PageQuery } from "../shared/pagination.js";

const NextCursor = z
  .string()
  .nullable()
  .openapi({ description: "Pass as cursor for the next page; null on the last", example: null });

export const SessionAnchorQuery = PageQuery.extend({
  kind: z
    .enum(ANCHOR_KINDS as [string, ...string[]])
    .optional()
    .openapi({ param: { name: "kind", in: "query" }, description: "Only anchors of this kind", example: "commit" }),
  value: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .openapi({
      param: { name: "value", in: "query" },
      description:
        "The value exactly; a hex string of 6–39 digits matches as a prefix, so a short SHA finds the full one",
      example: "3f9a2c1",
    }),
  q: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .openapi({
      param: { name: "q", in: "query" },
      description: "Case-insensitive substring of the value",
      example: "4127",
    }),
});

export const SessionAnchorSchema = z
  .object({
    session_id: z
      .string()
      .openapi({ description: "The session it occurs in", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    session_title: z
      .string()
      .nullable()
      .openapi({ description: "That session's title", example: "Fix the staging deploy" }),
    kind: z.string().openapi({ description: "Anchor kind", example: "pr" }),
    value: z.string().openapi({ description: "The identifier, verbatim (secrets masked)", example: "PR #4127" }),
    rows: z.number().int().openapi({ description: "Rows of that session's transcript it occurs in", example: 3 }),
    first_seq: z.number().int().openapi({ description: "First seq it appeared in", example: 5 }),
    last_seq: z.number().int().openapi({ description: "Last seq it appeared in", example: 41 }),
    in_context: z
      .boolean()
      .openapi({ description: "Whether a row it occurs in is still in that session's context", example: false }),
    last_seen_at: z.string().openapi({
      description: "When the newest row it occurs in was stored (ISO 8601)",
      example: "2026-11-30T07:00:00.000Z",
    }),
  })
  .openapi("SessionAnchor");

export const SessionAnchorList = z
  .object({
    data: z.array(SessionAnchorSchema).openapi({ description: "Anchors of every session, newest first" }),
    next_cursor: NextCursor,
  })
  .openapi("SessionAnchorList");

export const CrossSearchQuery = PageQuery.extend({
  q: z
    .string()
    .min(1)
    .max(1_000)
    .openapi({
      param: { name: "q", in: "query" },
      description: "Words or identifiers; all must match, searched as written (a short hex term is a prefix)",
      example: "staging deploy",
    }),
  session_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      param: { name: "session_id", in: "query" },
      description: "Only this session's rows",
      example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
});

export const CrossSearchHitSchema = z
  .object({
    session_id: z
      .string()
      .openapi({ description: "The session of the row", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    session_title: z
      .string()
      .nullable()
      .openapi({ description: "That session's title", example: "Fix the staging deploy" }),
    seq: z.number().int().openapi({ description: "Seq of the matching row", example: 12 }),
    message_id: z.string().openapi({ description: "Message id", example: "msg_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    role: z.string().openapi({ description: "Message role", example: "user" }),
    in_context: z
      .boolean()
      .openapi({ description: "false when compression moved the row out of its session's context", example: true }),
    snippet: z.string().openapi({
      description: "Matching excerpt, matches in [brackets]",
      example: "we decided the [staging] [deploy] waits for the migration",
    }),
    rank: z.number().openapi({ description: "BM25 rank (lower is better)", example: -3.2 }),
    at: z.string().openapi({ description: "When the row was stored (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
  })
  .openapi("CrossSearchHit");

export const CrossSearchResult = z
  .object({
    data: z.array(CrossSearchHitSchema).openapi({ description: "Hits, best first" }),
    query: z.string().openapi({ description: "The query as given", example: "staging deploy" }),
    next_cursor: NextCursor,
  })
  .openapi("CrossSearchResult");

/** GET /v1/anchors. */
export type ListSessionAnchorsResponse = z.infer<typeof SessionAnchorList>;
/** GET /v1/search. */
export type SearchSessionsResponse = z.infer<typeof CrossSearchResult>;
