/**
 * @module messages
 * The transcript in the `messages` table on PostgreSQL, with its tool calls indexed beside it, as the SQLite
 * repository (../../repositories/messages.ts) keeps it: the same records in the same order. Appends from several
 * replicas to one session are serialized by the row lock the seq claim takes on the session, so seqs stay dense.
 * The active context is read from the database every time: another replica may have written it since.
 */
import { and, asc, eq, getTableColumns, gt, sql, type Column } from "drizzle-orm";
import { toStoredMessage, type MessageRepository } from "../../repositories/messages.js";
import type { NewMessage, StoredMessage } from "../../records.js";
import type { Async } from "../../store.js";
import type { PgConnection } from "../connection.js";
import { messages, sessions, toolCalls } from "../schema.js";

/** Every column but the search ones: search_text and its vector exist for search only, and are the largest. */
const { searchText: _searchText, searchVector: _searchVector, ...storedColumns } = getTableColumns(messages);

/** PostgreSQL text cannot hold NUL, which FTS5 reads as a separator anyway (and so does the search here). */
const searchable = (text: string) => text.replaceAll("\u0000", " ");

/** A stored row as drizzle reads it. */
type StoredRow = Parameters<typeof toStoredMessage>[0];

const STORED_COLUMN_ENTRIES = Object.entries(storedColumns) as Array<[string, Column]>;
/** The stored columns, for a raw statement's `returning`. */
const RETURNING_STORED = sql.raw(STORED_COLUMN_ENTRIES.map(([, column]) => `"${column.name}"`).join(", "));

/** A row a raw statement returned (keyed by column name, as the driver parsed it) as drizzle would have mapped it. */
function fromDriverRow(raw: Record<string, unknown>): StoredRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of STORED_COLUMN_ENTRIES) {
    const value = raw[column.name];
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as StoredRow;
}

export class PgMessageRepository implements Async<MessageRepository> {
  constructor(private readonly conn: PgConnection) {}

  /**
   * Appends rows at the end of the transcript, handing out dense seqs and keeping the session's counters in step,
   * in one statement (in the caller's transaction, when it is in one): the claim's `update … returning` takes the
   * session row's lock, which holds other appends to the session until the transaction ends, and the rows and their
   * tool calls are inserted at the seqs it handed out. One statement is one round trip and needs no transaction of
   * its own; the rows go as one array per column, so no count of rows meets the limit on parameters.
   */
  async append(sessionId: string, rows: NewMessage[], now: number): Promise<StoredMessage[]> {
    let contextTokens = 0;
    let contextCount = 0;
    for (const row of rows) {
      if (row.in_context ?? true) {
        contextTokens += row.tokens;
        contextCount += 1;
      }
    }
    const claim = sql`update sessions set
        next_seq = next_seq + ${rows.length},
        message_count = message_count + ${rows.length},
        context_tokens = context_tokens + ${contextTokens},
        context_message_count = context_message_count + ${contextCount},
        updated_at = ${now}
      where id = ${sessionId}
      returning next_seq - ${rows.length} as first_seq`;
    if (rows.length === 0) {
      const claimed = await this.conn.exec.execute(claim);
      if (claimed.rows.length === 0) throw new Error(`session ${sessionId} vanished during append`);
      return [];
    }
    // `ord` counts the rows from 1 (WITH ORDINALITY): a row's seq is first_seq + ord - 1.
    const calls = rows.flatMap((row, i) =>
      (row.tool_calls ?? []).map((call) => ({ ord: i + 1, id: call.id, name: call.function.name })),
    );
    const indexCalls =
      calls.length === 0
        ? sql``
        : sql`, indexed as (
            insert into tool_calls (session_id, call_id, message_seq, name)
            select ${sessionId}, call.id, claimed.first_seq + call.ord - 1, call.name
            from claimed, unnest(
              ${sql.param(calls.map((call) => call.ord))}::integer[],
              ${sql.param(calls.map((call) => call.id))}::text[],
              ${sql.param(calls.map((call) => call.name))}::text[]
            ) as call(ord, id, name)
            on conflict do nothing)`;
    const column = <T>(value: (row: NewMessage) => T) => sql.param(rows.map(value));
    const result = await this.conn.exec.execute<Record<string, unknown>>(sql`
      with claimed as (${claim})${indexCalls}
      insert into messages (id, session_id, seq, role, content_json, tool_calls_json, tool_call_id, name, tokens,
        in_context, kind, position, search_text, run_id, reasoning, created_at)
      select item.id, ${sessionId}, claimed.first_seq + item.ord - 1, item.role, item.content_json,
        item.tool_calls_json, item.tool_call_id, item.name, item.tokens, item.in_context, item.kind,
        coalesce(item.position, claimed.first_seq + item.ord - 1), item.search_text, item.run_id, item.reasoning,
        ${now}
      from claimed, unnest(
        ${column((row) => row.id)}::text[],
        ${column((row) => row.role)}::text[],
        ${column((row) => JSON.stringify(row.content))}::text[],
        ${column((row) => (row.tool_calls?.length ? JSON.stringify(row.tool_calls) : null))}::text[],
        ${column((row) => row.tool_call_id ?? null)}::text[],
        ${column((row) => row.name ?? null)}::text[],
        ${column((row) => row.tokens)}::integer[],
        ${column((row) => row.in_context ?? true)}::boolean[],
        ${column((row) => row.kind ?? "message")}::text[],
        ${column((row) => row.position ?? null)}::float8[],
        ${column((row) => searchable(row.search_text))}::text[],
        ${column((row) => row.run_id ?? null)}::text[],
        ${column((row) => row.reasoning ?? null)}::text[]
      ) with ordinality as item(id, role, content_json, tool_calls_json, tool_call_id, name, tokens, in_context, kind,
        position, search_text, run_id, reasoning, ord)
      returning ${RETURNING_STORED}`);
    if (result.rows.length === 0) throw new Error(`session ${sessionId} vanished during append`);
    // RETURNING follows the input order in practice, but nothing promises it: the rows are answered in seq order.
    return result.rows.map((raw) => toStoredMessage(fromDriverRow(raw))).sort((a, b) => a.seq - b.seq);
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
      .where(
        and(
          eq(toolCalls.sessionId, sessionId),
          eq(messages.runId, runId),
          sql`not exists (select 1 from ${messages} as answer where answer.session_id = ${toolCalls.sessionId} and answer.role = 'tool' and answer.tool_call_id = ${toolCalls.callId})`,
        ),
      )
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

  /** Every row a run stored (its user message, what it added, results written for it at a restart), in seq order. */
  async listForRun(sessionId: string, runId: string): Promise<StoredMessage[]> {
    const rows = await this.conn.exec
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.runId, runId)))
      .orderBy(asc(messages.seq));
    return rows.map(toStoredMessage);
  }

  /** The rows of the active context in the order the model sees them, read from the database. */
  async activeRows(sessionId: string): Promise<StoredMessage[]> {
    return this.activeRowsFromDisk(sessionId);
  }

  /** The same rows (nothing is kept in memory on PostgreSQL). */
  async activeRowsFromDisk(sessionId: string): Promise<StoredMessage[]> {
    const rows = await this.conn.exec
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.inContext, true)))
      .orderBy(asc(messages.position), asc(messages.seq));
    return rows.map(toStoredMessage);
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
