/**
 * @module present
 * The context's views as the API answers them: the active context with its token figures; anchors pass through
 * typed; a summary version drops the id of the transcript row that carries it, which is the
 * database's business; summary and search-hit times become ISO 8601.
 */
import type { ContextReader } from "../../domain/context/context-reader.js";
import { encodeCursor } from "../../http/cursor.js";
import { contextTotalTokens, usagePercent } from "../../domain/shared/budgets.js";
import type { ContextSnapshot } from "../../domain/context/context-view.js";
import type { CompressOutcome } from "../../domain/shared/compression.js";
import type {
  CompressResponse,
  GetContextResponse,
  ListAnchorsResponse,
  ListSummariesResponse,
  SearchMessagesResponse,
} from "./schemas.js";

/** A persisted summary version, as the domain hands it over. */
type SummaryVersion = NonNullable<CompressOutcome["summary"]>;
type AnchorPage = Awaited<ReturnType<ContextReader["anchors"]>>;
type SearchHit = Awaited<ReturnType<ContextReader["search"]>>[number];

function presentSummary(summary: SummaryVersion) {
  const { message_id: _messageId, created_at: createdAt, ...rest } = summary;
  return { ...rest, created_at: new Date(createdAt).toISOString() };
}

export function presentContext({ session, settings, messages, summaryId }: ContextSnapshot): GetContextResponse {
  const total = contextTotalTokens(session);
  return {
    messages,
    tokens: {
      total,
      threshold: settings.threshold_tokens,
      context_length: settings.context_length,
      usage_percent: usagePercent(total, settings.context_length),
    },
    summary_id: summaryId,
    compression_count: session.compression_count,
    engine: settings.engine,
  };
}

export function presentCompression(outcome: CompressOutcome): CompressResponse {
  return { ...outcome, summary: outcome.summary ? presentSummary(outcome.summary) : null };
}

export function presentSummaryList(summaries: SummaryVersion[]): ListSummariesResponse {
  return { data: summaries.map(presentSummary) };
}

export function presentAnchorList(page: AnchorPage): ListAnchorsResponse {
  return {
    data: page.anchors,
    total: page.total,
    next_cursor: page.nextOffset === null ? null : encodeCursor({ offset: page.nextOffset }),
  };
}

export type OffsetCursor = { offset: number };
export const isOffsetCursor = (v: unknown): v is OffsetCursor =>
  typeof v === "object" &&
  v !== null &&
  Number.isInteger((v as OffsetCursor).offset) &&
  (v as OffsetCursor).offset >= 0;

export function presentSearchResult(hits: SearchHit[], query: string): SearchMessagesResponse {
  return { data: hits.map((hit) => ({ ...hit, created_at: new Date(hit.created_at).toISOString() })), query };
}
