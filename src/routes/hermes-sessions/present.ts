/**
 * @module present
 * Sessions, transcript rows, chat answers and search hits in the Hermes API server's shapes: Unix-second times,
 * row seqs as message ids, text content, the tool's name on tool rows, usage in input/output tokens.
 */
import type { RunResultSummary } from "../../domain/shared/run-summary.js";
import type { SessionRecord, SessionSearchHit, SessionUsage, StoredMessage } from "../shared/records.js";
import { contentText } from "../../kernel/text.js";
import { hermesUsage } from "../runs/hermes-frames.js";
import { hermesOutcome, type HermesRuntime } from "../runs/hermes-status.js";
import type { HermesChatAnswer, HermesMessage, HermesSearchResult, HermesSession } from "./schemas.js";

const PREVIEW_CHARS = 80;
const seconds = (ms: number) => ms / 1000;

const NO_USAGE: SessionUsage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  api_call_count: 0,
  tool_call_count: 0,
};

/**
 * A session as Hermes answers one: no system prompt text (`has_system_prompt` says whether there is one), what its
 * runs used, the flags a client set and how it ended.
 */
export function presentHermesSession(
  session: SessionRecord,
  opening: StoredMessage | null,
  usage: SessionUsage = NO_USAGE,
  cost: number | null = null,
): HermesSession {
  const preview = opening ? contentText(opening.content).replace(/\s+/g, " ").trim().slice(0, PREVIEW_CHARS) : null;
  return {
    id: session.id,
    source: session.source ?? "api_server",
    model: session.model,
    title: session.title,
    has_system_prompt: Boolean(session.system_prompt),
    started_at: seconds(session.created_at),
    last_active: seconds(session.updated_at),
    ended_at: session.ended_at === null ? null : seconds(session.ended_at),
    end_reason: session.end_reason,
    message_count: session.message_count,
    ...usage,
    // From the price table (models.prices): a cost it cannot know (no price for the model) is null, not 0.
    estimated_cost_usd: cost,
    preview: preview || null,
    pinned: session.pinned,
    archived: session.archived,
    hidden: session.hidden,
    parent_session_id: session.parent_session_id,
  };
}

export function presentHermesMessage(row: StoredMessage): HermesMessage {
  return {
    id: row.seq,
    role: row.role,
    content: contentText(row.content),
    tool_calls: row.tool_calls?.length ? row.tool_calls : null,
    tool_call_id: row.tool_call_id ?? null,
    tool_name: row.role === "tool" ? (row.name ?? null) : null,
    timestamp: seconds(row.created_at),
    kind: row.kind,
    in_context: row.in_context,
  };
}

/** The turn's rows as Hermes returns them with a chat: what the agent added (not the user's message). */
export function turnMessages(rows: StoredMessage[]): HermesMessage[] {
  return rows.filter((row) => row.role === "assistant" || row.role === "tool").map(presentHermesMessage);
}

export function presentChatAnswer(
  sessionId: string,
  run: RunResultSummary,
  rows: StoredMessage[],
  output: string | null,
  runtime: HermesRuntime,
  cache: { read_tokens: number; write_tokens: number },
): HermesChatAnswer {
  const { status, completed, partial, interrupted } = hermesOutcome(run.status);
  return {
    object: "hermes.session.chat.completion",
    session_id: sessionId,
    run_id: run.id,
    status,
    completed,
    partial,
    interrupted,
    message: { role: "assistant", content: output ?? "" },
    messages: turnMessages(rows),
    usage: hermesUsage(run.usage, cache),
    runtime,
    error: run.error,
  };
}

export function presentSearch(query: string, hits: SessionSearchHit[]): HermesSearchResult {
  return {
    object: "list",
    query,
    data: hits.map((hit) => ({
      session_id: hit.session_id,
      session_title: hit.session_title,
      message_id: hit.seq,
      role: hit.role,
      snippet: hit.snippet,
      timestamp: seconds(hit.created_at),
      in_context: hit.in_context,
    })),
  };
}
