/**
 * @module present
 * Transcript rows and run outcomes as the API answers them. A stored row's public shape is the domain's
 * `publicMessage` (it drops the bookkeeping columns); a run's summary is already the wire shape and passes through.
 */
import type { PostOutcome } from "../../domain/use-cases/post-message.js";
import { publicMessage } from "../../domain/shared/message-shape.js";
import type { TranscriptPage } from "../../domain/transcript/transcript.js";
import { encodeCursor } from "../../http/cursor.js";
import type { SeqCursor } from "./cursor.js";
import { summarizeRun } from "../../domain/shared/run-summary.js";
import type {
  ListMessagesResponse,
  PostMessageAppendedResponse,
  PostMessageBackgroundResponse,
  PostMessageRunResponse,
} from "./schemas.js";

export function presentAppended(outcome: Extract<PostOutcome, { kind: "appended" }>): PostMessageAppendedResponse {
  return { messages: outcome.messages.map(publicMessage) };
}

export function presentRun(outcome: Extract<PostOutcome, { kind: "ran" }>): PostMessageRunResponse {
  return { messages: outcome.messages.map(publicMessage), run: outcome.run, interrupts: outcome.interrupts };
}

export function presentBackgroundRun(
  outcome: Extract<PostOutcome, { kind: "background" }>,
): PostMessageBackgroundResponse {
  return { messages: outcome.messages.map(publicMessage), run: summarizeRun(outcome.run) };
}

export function presentMessagePage(page: TranscriptPage): ListMessagesResponse {
  const next: SeqCursor | null = page.nextAfterSeq === null ? null : { seq: page.nextAfterSeq };
  return { data: page.messages.map(publicMessage), next_cursor: next ? encodeCursor(next) : null };
}
