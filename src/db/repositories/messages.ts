import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { messages, sessions, toolCalls } from "../schema.js";
import type { MessageContent, Role, StoredMessage, ToolCall } from "../../domain/types.js";

type Row = typeof messages.$inferSelect;

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
    created_at: new Date(row.createdAt).toISOString(),
    position: row.position,
    override: row.overrideJson ? (JSON.parse(row.overrideJson) as StoredMessage["override"]) : null,
    override_tokens: row.overrideTokens,
    run_id: row.runId,
  };
  if (row.toolCallsJson) message.tool_calls = JSON.parse(row.toolCallsJson) as ToolCall[];
  if (row.toolCallId) message.tool_call_id = row.toolCallId;
  if (row.name) message.name = row.name;
  return message;
}

export type NewMessage = {
  id: string;
  role: Role;
  content: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
  tokens: number;
  search_text: string;
  kind?: "message" | "summary";
  in_context?: boolean;
  /** Defaults to the row's seq. */
  position?: number;
  run_id?: string | null;
};

export class MessageRepository {
  constructor(private readonly db: Db) {}

  /**
   * Appends rows at the end of the transcript, handing out dense seqs and keeping the session's
   * counters in step. Callers wrap it in a transaction together with their own checks.
   */
  append(sessionId: string, rows: NewMessage[], now: number): StoredMessage[] {
    const session = this.db
      .select({ nextSeq: sessions.nextSeq })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .get();
    if (!session) throw new Error(`session ${sessionId} vanished during append`);
    let seq = session.nextSeq;
    let contextTokens = 0;
    let contextCount = 0;
    const inserted: StoredMessage[] = [];
    for (const row of rows) {
      const inContext = row.in_context ?? true;
      const value = this.db
        .insert(messages)
        .values({
          id: row.id,
          sessionId,
          seq,
          role: row.role,
          contentJson: JSON.stringify(row.content),
          toolCallsJson: row.tool_calls?.length ? JSON.stringify(row.tool_calls) : null,
          toolCallId: row.tool_call_id ?? null,
          name: row.name ?? null,
          tokens: row.tokens,
          inContext,
          kind: row.kind ?? "message",
          position: row.position ?? seq,
          searchText: row.search_text,
          runId: row.run_id ?? null,
          createdAt: now,
        })
        .returning()
        .get();
      for (const call of row.tool_calls ?? []) {
        this.db
          .insert(toolCalls)
          .values({ sessionId, callId: call.id, messageSeq: seq, name: call.function.name })
          .onConflictDoNothing()
          .run();
      }
      if (inContext) {
        contextTokens += row.tokens;
        contextCount += 1;
      }
      inserted.push(toStoredMessage(value));
      seq += 1;
    }
    this.db
      .update(sessions)
      .set({
        nextSeq: seq,
        messageCount: sql`${sessions.messageCount} + ${rows.length}`,
        contextTokens: sql`${sessions.contextTokens} + ${contextTokens}`,
        contextMessageCount: sql`${sessions.contextMessageCount} + ${contextCount}`,
        updatedAt: now,
      })
      .where(eq(sessions.id, sessionId))
      .run();
    return inserted;
  }

  /** The assistant tool call with this id, if the session has one. */
  findToolCall(sessionId: string, callId: string): { seq: number; name: string } | null {
    const row = this.db
      .select({ seq: toolCalls.messageSeq, name: toolCalls.name })
      .from(toolCalls)
      .where(and(eq(toolCalls.sessionId, sessionId), eq(toolCalls.callId, callId)))
      .get();
    return row ?? null;
  }

  hasToolResult(sessionId: string, callId: string): boolean {
    const row = this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.toolCallId, callId), eq(messages.role, "tool")))
      .get();
    return row !== undefined;
  }

  /** The transcript in seq order, every row (compacted ones included). */
  page(sessionId: string, afterSeq: number, limit: number): StoredMessage[] {
    return this.db
      .select()
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), gt(messages.seq, afterSeq)))
      .orderBy(asc(messages.seq))
      .limit(limit)
      .all()
      .map(toStoredMessage);
  }

  /** The rows of the active context in the order the model sees them. */
  activeRows(sessionId: string): StoredMessage[] {
    return this.db
      .select()
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.inContext, true)))
      .orderBy(asc(messages.position), asc(messages.seq))
      .all()
      .map(toStoredMessage);
  }

  getBySeq(sessionId: string, seq: number): StoredMessage | null {
    const row = this.db
      .select()
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.seq, seq)))
      .get();
    return row ? toStoredMessage(row) : null;
  }

  /** The last row of the transcript, or null for an empty session. */
  last(sessionId: string): StoredMessage | null {
    const row = this.db
      .select()
      .from(messages)
      .where(eq(messages.sessionId, sessionId))
      .orderBy(sql`${messages.seq} desc`)
      .limit(1)
      .get();
    return row ? toStoredMessage(row) : null;
  }

  /** Recounts the active context from its rows; used after compression changes which rows are in it. */
  recomputeContextTotals(sessionId: string): { tokens: number; count: number } {
    const row = this.db
      .select({
        tokens: sql<number>`coalesce(sum(coalesce(${messages.overrideTokens}, ${messages.tokens})), 0)`,
        count: sql<number>`count(*)`,
      })
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.inContext, true)))
      .get();
    const totals = { tokens: Number(row?.tokens ?? 0), count: Number(row?.count ?? 0) };
    this.db
      .update(sessions)
      .set({ contextTokens: totals.tokens, contextMessageCount: totals.count })
      .where(eq(sessions.id, sessionId))
      .run();
    return totals;
  }
}
