/**
 * @module messages
 * The `messages` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a row (read without `search_text`), and the calls of a run no tool row answers.
 */
import { and, eq, inArray, sql, type AnyColumn, type SQL, type Table } from "drizzle-orm";
import type { MessageContent, ToolCall } from "../../kernel/chat.js";
import { CLIENT_PROVENANCE, type Provenance } from "../../kernel/provenance.js";
import type { messages } from "../schema.js";
import type { NewMessage, StoredMessage } from "../records.js";

/** A row as the stores read it: every column but `search_text`, which exists for the full-text index only. */
type Row = Omit<typeof messages.$inferSelect, "searchText">;

export function toStoredMessage(row: Row): StoredMessage {
  const message: StoredMessage = {
    id: row.id,
    session_id: row.sessionId,
    seq: row.seq,
    role: row.role,
    content: JSON.parse(row.contentJson) as MessageContent,
    tokens: row.tokens,
    in_context: row.inContext,
    kind: row.kind,
    created_at: row.createdAt,
    position: row.position,
    override: row.overrideJson ? (JSON.parse(row.overrideJson) as StoredMessage["override"]) : null,
    override_tokens: row.overrideTokens,
    run_id: row.runId,
    provenance: row.provenanceJson ? (JSON.parse(row.provenanceJson) as Provenance) : null,
  };
  if (row.toolCallsJson) message.tool_calls = JSON.parse(row.toolCallsJson) as ToolCall[];
  if (row.toolCallId) message.tool_call_id = row.toolCallId;
  if (row.name) message.name = row.name;
  if (row.reasoning) message.reasoning = row.reasoning;
  return message;
}

type ToolCallColumns = { sessionId: AnyColumn; callId: AnyColumn; messageSeq: AnyColumn };
/** The `messages` table itself (the answer is looked up in it under another name), with its columns. */
type MessageColumns = Table & { sessionId: AnyColumn; seq: AnyColumn; runId: AnyColumn };

/**
 * The condition, over `tool_calls` joined with their `messages`, that picks the run's calls no tool message answers,
 * in either dialect.
 */
export function unansweredCallsOfRun(
  t: { toolCalls: ToolCallColumns; messages: MessageColumns },
  sessionId: string,
  runId: string,
): SQL | undefined {
  const { toolCalls, messages } = t;
  return and(
    eq(toolCalls.sessionId, sessionId),
    eq(messages.runId, runId),
    sql`not exists (select 1 from ${messages} as answer where answer.session_id = ${toolCalls.sessionId} and answer.role = 'tool' and answer.tool_call_id = ${toolCalls.callId})`,
  );
}

/**
 * The provenance columns of a new row: a tool row's sources (the client's when it gives none: it posted the row) and
 * whether they hold untrusted content; nothing for the other roles.
 */
export function provenanceValues(row: Pick<NewMessage, "role" | "provenance">): {
  provenanceJson: string | null;
  untrusted: boolean;
} {
  if (row.role !== "tool") return { provenanceJson: null, untrusted: false };
  const provenance = row.provenance ?? CLIENT_PROVENANCE;
  return { provenanceJson: JSON.stringify(provenance), untrusted: !provenance.trusted };
}

/** What new rows add to the session's active context: their tokens and count, for those in it. */
export function contextTotalsOf(rows: readonly NewMessage[]): { contextTokens: number; contextCount: number } {
  let contextTokens = 0;
  let contextCount = 0;
  for (const row of rows) {
    if (row.in_context ?? true) {
      contextTokens += row.tokens;
      contextCount += 1;
    }
  }
  return { contextTokens, contextCount };
}

type TranscriptColumns = Table & {
  sessionId: AnyColumn;
  seq: AnyColumn;
  role: AnyColumn;
  kind: AnyColumn;
  runId: AnyColumn;
  contentJson: AnyColumn;
};

/** The first message (not a summary) of `role` in each of the sessions: one row per session that has one. */
export function firstOfRoleIn(
  t: TranscriptColumns,
  sessionIds: string[],
  role: StoredMessage["role"],
): SQL | undefined {
  return and(
    inArray(t.sessionId, sessionIds),
    eq(t.role, role),
    eq(t.kind, "message"),
    sql`${t.seq} = (select min(earlier.seq) from ${t} as earlier where earlier.session_id = ${t.sessionId} and earlier.role = ${role} and earlier.kind = 'message')`,
  );
}

/** The last assistant message with content of each of the runs: what each answered, one row per run that did. */
export function lastAnswerOfRuns(t: TranscriptColumns, runIds: string[]): SQL | undefined {
  return and(
    inArray(t.runId, runIds),
    eq(t.role, "assistant"),
    sql`${t.contentJson} <> 'null'`,
    sql`${t.seq} = (select max(later.seq) from ${t} as later where later.session_id = ${t.sessionId} and later.run_id = ${t.runId} and later.role = 'assistant' and later.content_json <> 'null')`,
  );
}
