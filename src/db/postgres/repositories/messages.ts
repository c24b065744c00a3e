/**
 * @module messages
 * The transcript in the `messages` table on PostgreSQL, with its tool calls indexed beside it, as the SQLite
 * repository (../../repositories/messages.ts) keeps it: the same records in the same order. Appends from several
 * replicas to one session are serialized by the row lock the seq claim takes on the session, so seqs stay dense.
 * The active context is read from the database every time: another replica may have written it since.
 */
import { and, asc, desc, eq, getTableColumns, gt, inArray, sql } from "drizzle-orm";
import {
  contextTotalsOf,
  firstOfRoleIn,
  lastAnswerOfRuns,
  provenanceValues,
  toStoredMessage,
  unansweredCallsOfRun,
} from "../../rows/messages.js";
import type { MessageRepository } from "../../store.js";
import type { NewMessage, ResponseFigures, StoredMessage } from "../../records.js";
import { namedStatement, type PgConnection } from "../connection.js";
import { columnRows } from "../named-statements.js";
import { messages, sessions, storableText, toolCalls } from "../schema.js";

/** Every column but the search ones: search_text and its vector exist for search only, and are the largest. */
const { searchText: _searchText, searchVector: _searchVector, ...storedColumns } = getTableColumns(messages);

/** The stored columns for named statements, and their rows read as drizzle reads them. */
const storedRows = columnRows<Parameters<typeof toStoredMessage>[0]>(storedColumns);

/** The active context, read on every turn. */
const ACTIVE_ROWS = namedStatement(
  "active_rows",
  `select ${storedRows.list} from messages where session_id = $1 and in_context = true order by position, seq`,
);

/** PostgreSQL text cannot hold NUL, which FTS5 reads as a separator anyway (and so does the search here). */
const searchable = (text: string) => text.replaceAll("\u0000", " ");

/** Rows of values turned into columns of values. */
const perColumn = (rows: unknown[][]): unknown[][] => rows[0].map((_, c) => rows.map((values) => values[c]));

const storableOrNull = (text: string | null | undefined) =>
  text === null || text === undefined ? null : storableText(text);

/**
 * The seq claim: `count` seqs at the session's end ($1 the session, $2 the count, $3 and $4 what joins the active
 * context, $5 now; the two parameters from `figures` on: the model response's prompt and completion tokens when the
 * rows are its answer, null to leave them); `update … returning` takes the session row's lock.
 */
const claimSql = (figures: number) => `update sessions set
    next_seq = next_seq + $2::integer,
    message_count = message_count + $2::integer,
    context_tokens = context_tokens + $3::integer,
    context_message_count = context_message_count + $4::integer,
    last_prompt_tokens = coalesce($${figures}::integer, last_prompt_tokens),
    last_completion_tokens = coalesce($${figures + 1}::integer, last_completion_tokens),
    updated_at = $5::bigint
  where id = $1
  returning next_seq - $2::integer as first_seq`;

const CLAIM_SEQS = namedStatement("claim_seqs", claimSql(6));

/**
 * The claim, the rows' tool calls ($6–$8: ord, id, name; empty arrays insert none) and the rows themselves ($9–$23,
 * one array per column), in one statement; the response's figures are $24 and $25.
 */
const APPEND_ROWS = namedStatement(
  "append_messages",
  `with claimed as (${claimSql(24)}),
  indexed as (
    insert into tool_calls (session_id, call_id, message_seq, name)
    select $1, call.id, claimed.first_seq + call.ord - 1, call.name
    from claimed, unnest($6::integer[], $7::text[], $8::text[]) as call(ord, id, name)
    on conflict do nothing)
  insert into messages (id, session_id, seq, role, content_json, tool_calls_json, tool_call_id, name, tokens,
    in_context, kind, position, search_text, run_id, reasoning, provenance_json, untrusted, created_at)
  select item.id, $1, claimed.first_seq + item.ord - 1, item.role, item.content_json, item.tool_calls_json,
    item.tool_call_id, item.name, item.tokens, item.in_context, item.kind,
    coalesce(item.position, claimed.first_seq + item.ord - 1), item.search_text, item.run_id, item.reasoning,
    item.provenance_json, item.untrusted, $5::bigint
  from claimed, unnest($9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::integer[],
    $16::boolean[], $17::text[], $18::float8[], $19::text[], $20::text[], $21::text[], $22::text[], $23::boolean[])
    with ordinality as item(id, role, content_json, tool_calls_json, tool_call_id, name, tokens, in_context, kind,
      position, search_text, run_id, reasoning, provenance_json, untrusted, ord)
  returning id, seq`,
);

/**
 * The most common append, one row without tool calls (a user's message, an answer, a tool's result), without the
 * arrays: the claim, then $6–$20 the row's columns in APPEND_ROWS's order, then the response's figures ($21, $22).
 */
const APPEND_ONE = namedStatement(
  "append_message",
  `with claimed as (${claimSql(21)})
  insert into messages (id, session_id, seq, role, content_json, tool_calls_json, tool_call_id, name, tokens,
    in_context, kind, position, search_text, run_id, reasoning, provenance_json, untrusted, created_at)
  select $6::text, $1, claimed.first_seq, $7::text, $8::text, $9::text, $10::text, $11::text, $12::integer,
    $13::boolean, $14::text, coalesce($15::float8, claimed.first_seq), $16::text, $17::text, $18::text, $19::text,
    $20::boolean, $5::bigint
  from claimed
  returning id, seq`,
);

export class PgMessageRepository implements MessageRepository {
  constructor(private readonly conn: PgConnection) {}

  /**
   * Appends rows at the end of the transcript, handing out dense seqs and keeping the session's counters in step,
   * in one statement (in the caller's transaction, when it is in one): the claim's `update … returning` takes the
   * session row's lock, which holds other appends to the session until the transaction ends, and the rows and their
   * tool calls are inserted at the seqs it handed out. One named statement is one round trip, needs no transaction
   * of its own and is planned once per connection; the rows go as one array per column, so no count of rows meets
   * the limit on parameters.
   */
  async append(
    sessionId: string,
    rows: NewMessage[],
    now: number,
    figures?: ResponseFigures,
  ): Promise<StoredMessage[]> {
    const { contextTokens, contextCount } = contextTotalsOf(rows);
    const claim = [sessionId, rows.length, contextTokens, contextCount, now];
    const answered = [figures?.last_prompt_tokens ?? null, figures?.last_completion_tokens ?? null];
    if (rows.length === 0) {
      const claimed = await this.conn.query(CLAIM_SEQS, [...claim, ...answered]);
      if (claimed.length === 0) throw new Error(`session ${sessionId} vanished during append`);
      return [];
    }
    // `ord` counts the rows from 1 (WITH ORDINALITY): a row's seq is first_seq + ord - 1.
    const calls = rows.flatMap((row, i) =>
      (row.tool_calls ?? []).map((call) => ({
        ord: i + 1,
        id: storableText(call.id),
        name: storableText(call.function.name),
      })),
    );
    // The stored rows are answered from what was sent (the statement returns only the seq each id got), in the
    // shape the SQLite repository reads back: the JSON columns are parsed again, so no caller's object is shared.
    const stored = rows.map((row) => ({
      id: row.id,
      sessionId,
      role: row.role,
      contentJson: JSON.stringify(row.content),
      toolCallsJson: row.tool_calls?.length ? JSON.stringify(row.tool_calls) : null,
      toolCallId: storableOrNull(row.tool_call_id),
      name: storableOrNull(row.name),
      tokens: row.tokens,
      inContext: row.in_context ?? true,
      kind: row.kind ?? "message",
      position: row.position ?? null,
      overrideJson: null,
      overrideTokens: null,
      runId: row.run_id ?? null,
      reasoning: storableOrNull(row.reasoning),
      ...provenanceValues(row),
      createdAt: now,
    }));
    const columns = (row: (typeof stored)[number], i: number) => [
      row.id,
      row.role,
      row.contentJson,
      row.toolCallsJson,
      row.toolCallId,
      row.name,
      row.tokens,
      row.inContext,
      row.kind,
      row.position,
      searchable(rows[i].search_text),
      row.runId,
      row.reasoning,
      row.provenanceJson === null ? null : storableText(row.provenanceJson),
      row.untrusted,
    ];
    const inserted =
      rows.length === 1 && calls.length === 0
        ? await this.conn.query<{ id: string; seq: number }>(APPEND_ONE, [
            ...claim,
            ...columns(stored[0], 0),
            ...answered,
          ])
        : await this.conn.query<{ id: string; seq: number }>(APPEND_ROWS, [
            ...claim,
            calls.map((call) => call.ord),
            calls.map((call) => call.id),
            calls.map((call) => call.name),
            // One array per column: the column of every row.
            ...perColumn(stored.map(columns)),
            ...answered,
          ]);
    if (inserted.length !== rows.length) throw new Error(`session ${sessionId} vanished during append`);
    const seqOf = new Map(inserted.map((row) => [row.id, row.seq]));
    // The seqs follow the rows' order (first_seq + ord - 1), so the answer is in seq order as sent.
    return stored.map((row) => {
      const seq = seqOf.get(row.id);
      if (seq === undefined) throw new Error(`message ${row.id} was not stored`);
      return toStoredMessage({ ...row, seq, position: row.position ?? seq });
    });
  }

  /** The assistant tool call with this id, if the session has one. */
  async findToolCall(sessionId: string, callId: string): Promise<{ seq: number; name: string } | null> {
    const [row] = await this.conn.exec
      .select({ seq: toolCalls.messageSeq, name: toolCalls.name })
      .from(toolCalls)
      .where(and(eq(toolCalls.sessionId, sessionId), eq(toolCalls.callId, callId)));
    return row ?? null;
  }

  /** Tool calls the run's assistant messages made that no tool message answers, in call order. */
  async unansweredToolCalls(sessionId: string, runId: string): Promise<Array<{ id: string; name: string }>> {
    return this.conn.exec
      .select({ id: toolCalls.callId, name: toolCalls.name })
      .from(toolCalls)
      .innerJoin(messages, and(eq(messages.sessionId, toolCalls.sessionId), eq(messages.seq, toolCalls.messageSeq)))
      .where(unansweredCallsOfRun({ toolCalls, messages }, sessionId, runId))
      .orderBy(asc(toolCalls.messageSeq));
  }

  async hasToolResult(sessionId: string, callId: string): Promise<boolean> {
    const rows = await this.conn.exec
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.toolCallId, callId), eq(messages.role, "tool")))
      .limit(1);
    return rows.length > 0;
  }

  /** The transcript in seq order, every row (compacted ones included). */
  async page(sessionId: string, afterSeq: number, limit: number): Promise<StoredMessage[]> {
    const rows = await this.conn.exec
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), gt(messages.seq, afterSeq)))
      .orderBy(asc(messages.seq))
      .limit(limit);
    return rows.map(toStoredMessage);
  }

  /** A tool call of the session: the seq of the row that made it and its arguments (JSON), or null. */
  async toolCallArguments(sessionId: string, callId: string): Promise<{ seq: number; arguments: string } | null> {
    const found = await this.findToolCall(sessionId, callId);
    if (!found) return null;
    const [row] = await this.page(sessionId, found.seq - 1, 1);
    const call = row?.tool_calls?.find((c) => c.id === callId);
    return call ? { seq: found.seq, arguments: call.function.arguments } : null;
  }

  /** The session's first row of the role (its opening user message, for a preview), or null. */
  async firstOfRole(sessionId: string, role: StoredMessage["role"]): Promise<StoredMessage | null> {
    const [row] = await this.conn.exec
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.role, role), eq(messages.kind, "message")))
      .orderBy(asc(messages.seq))
      .limit(1);
    return row ? toStoredMessage(row) : null;
  }

  async firstOfRoleIn(sessionIds: string[], role: StoredMessage["role"]): Promise<StoredMessage[]> {
    if (sessionIds.length === 0) return [];
    const where = firstOfRoleIn(messages, sessionIds, role);
    return (await this.conn.exec.select(storedColumns).from(messages).where(where)).map(toStoredMessage);
  }

  async lastAnswerOfRuns(runIds: string[]): Promise<StoredMessage[]> {
    if (runIds.length === 0) return [];
    const where = lastAnswerOfRuns(messages, runIds);
    return (await this.conn.exec.select(storedColumns).from(messages).where(where)).map(toStoredMessage);
  }

  /** Every row a run stored (its user message, what it added, results written for it at a restart), in seq order. */
  async listForRun(sessionId: string, runId: string): Promise<StoredMessage[]> {
    const rows = await this.conn.exec
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.runId, runId)))
      .orderBy(asc(messages.seq));
    return rows.map(toStoredMessage);
  }

  /** The session's newest tool rows that hold untrusted content, newest first. */
  async untrustedRows(sessionId: string, limit: number): Promise<StoredMessage[]> {
    const rows = await this.conn.exec
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.untrusted, true)))
      .orderBy(desc(messages.seq))
      .limit(limit);
    return rows.map(toStoredMessage);
  }

  /** The session's newest messages (not summaries) of these roles, newest first. */
  async ofRoles(sessionId: string, roles: Array<StoredMessage["role"]>, limit: number): Promise<StoredMessage[]> {
    const rows = await this.conn.exec
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), inArray(messages.role, roles), eq(messages.kind, "message")))
      .orderBy(desc(messages.seq))
      .limit(limit);
    return rows.map(toStoredMessage);
  }

  /** The rows of the active context in the order the model sees them, read from the database. */
  async activeRows(sessionId: string): Promise<StoredMessage[]> {
    return this.activeRowsFromDisk(sessionId);
  }

  /** The same rows (nothing is kept in memory on PostgreSQL). */
  async activeRowsFromDisk(sessionId: string): Promise<StoredMessage[]> {
    const rows = await this.conn.query(ACTIVE_ROWS, [sessionId]);
    return rows.map((raw) => toStoredMessage(storedRows.read(raw)));
  }

  /** Recounts the active context from its rows; used after compression changes which rows are in it. */
  async recomputeContextTotals(sessionId: string): Promise<{ tokens: number; count: number }> {
    const [row] = await this.conn.exec
      .select({
        // sum() of integers and count() are numeric and bigint: the driver answers them as strings.
        tokens: sql`coalesce(sum(coalesce(${messages.overrideTokens}, ${messages.tokens})), 0)`.mapWith(Number),
        count: sql`count(*)`.mapWith(Number),
      })
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.inContext, true)));
    const totals = { tokens: row?.tokens ?? 0, count: row?.count ?? 0 };
    await this.conn.exec
      .update(sessions)
      .set({ contextTokens: totals.tokens, contextMessageCount: totals.count })
      .where(eq(sessions.id, sessionId));
    return totals;
  }
}
