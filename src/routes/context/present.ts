/**
 * @module present
 * The context's views as the API answers them. The active context, anchors and search hits come from the domain in
 * their wire shape and pass through typed; a summary version drops the id of the transcript row that carries it,
 * which is the database's business.
 */
import type { ContextReader } from "../../domain/context/context-reader.js";
import type { ContextView } from "../../domain/context/context-view.js";
import type { CompressOutcome } from "../../domain/context/manager.js";
import type {
  CompressResponse,
  GetContextResponse,
  ListAnchorsResponse,
  ListSummariesResponse,
  SearchMessagesResponse,
} from "./schemas.js";

/** A persisted summary version, as the domain hands it over. */
type SummaryVersion = NonNullable<CompressOutcome["summary"]>;
type Anchor = ReturnType<ContextReader["anchors"]>[number];
type SearchHit = ReturnType<ContextReader["search"]>[number];

function presentSummary(summary: SummaryVersion) {
  const { message_id: _messageId, ...rest } = summary;
  return rest;
}

export function presentContext(view: ContextView): GetContextResponse {
  return view;
}

export function presentCompression(outcome: CompressOutcome): CompressResponse {
  return { ...outcome, summary: outcome.summary ? presentSummary(outcome.summary) : null };
}

export function presentSummaryList(summaries: SummaryVersion[]): ListSummariesResponse {
  return { data: summaries.map(presentSummary) };
}

export function presentAnchorList(anchors: Anchor[]): ListAnchorsResponse {
  return { data: anchors, total: anchors.length };
}

export function presentSearchResult(hits: SearchHit[], query: string): SearchMessagesResponse {
  return { data: hits, query };
}
