/**
 * @module messages
 * The transcript in the `messages` table, with its tool calls indexed beside it: appends that hand out dense seqs
 * and keep the session's counters in step, reads of pages, of a run's rows and of the active context, and the
 * pairing of tool calls with their results. The statements on the hot paths are prepared once.
 */
import { and, asc, desc, eq, getTableColumns, gt, inArray, sql } from "drizzle-orm";
import type Database from "better-sqlite3";
import type { Statement } from "better-sqlite3";
import type { Db } from "../database.js";
import { messages, sessions, toolCalls } from "../schema.js";
import type { ActiveContextCache } from "../active-context-cache.js";
import type { NewMessage, ResponseFigures, StoredMessage } from "../records.js";
import {
  contextTotalsOf,
  firstOfRoleIn,
  lastAnswerOfRuns,
  provenanceValues,
  toStoredMessage,
  unansweredCallsOfRun,
} from "../rows/messages.js";
import type { MessageRepository, Sync } from "../store.js";

/**
 * Every column but `search_text`: that copy of the text exists for the FTS index only, and reading
 * it back would double what the transcript and the active context pull from disk.
 */
const { searchText: _searchText, ...storedColumns } = getTableColumns(messages);

type Row = Parameters<typeof toStoredMessage>[0];

/** The stored columns in a fixed order, for statements read as arrays. */
const STORED_COLUMN_NAMES = Object.values(storedColumns).map((column) => column.name);
const STORED_COLUMN_KEYS = Object.keys(storedColumns) as Array<keyof Row>;

const IN_CONTEXT_INDEX = STORED_COLUMN_KEYS.indexOf("inContext");

function rowFromArray(values: unknown[]): Row {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < STORED_COLUMN_KEYS.length; i++) row[STORED_COLUMN_KEYS[i]] = values[i];
  row.inContext = values[IN_CONTEXT_INDEX] === 1;
  return row as Row;
}

const param = <T = unknown>(name: string) => sql.placeholder(name) as unknown as T;

/**
 * The statements on the append and read paths, built once per database: building a drizzle query
 * costs far more than running it, and these run on every request.
 */
function prepareStatements(db: Db) {
  return {
    insert: db
      .insert(messages)
      .values({
        id: param("id"),
        sessionId: param("sessionId"),
        seq: param("seq"),
        role: param("role"),
        contentJson: param("contentJson"),
        toolCallsJson: param("toolCallsJson"),
        toolCallId: param("toolCallId"),
        name: param("name"),
        tokens: param("tokens"),
        inContext: param("inContext"),
        kind: param("kind"),
        position: param("position"),
        searchText: param("searchText"),
        runId: param("runId"),
        reasoning: param("reasoning"),
        provenanceJson: param("provenanceJson"),
        untrusted: param("untrusted"),
        createdAt: param("createdAt"),
      })
      .returning(storedColumns)
      .prepare(),
    insertToolCall: db
      .insert(toolCalls)
      .values({
        sessionId: param("sessionId"),
        callId: param("callId"),
        messageSeq: param("messageSeq"),
        name: param("name"),
      })
      .onConflictDoNothing()
      .prepare(),
    /** Claims the seqs of the rows about to be inserted and counts them in, in one statement. */
    claimSeqs: db
      .update(sessions)
      .set({
        nextSeq: sql`${sessions.nextSeq} + ${sql.placeholder("added")}`,
        messageCount: sql`${sessions.messageCount} + ${sql.placeholder("added")}`,
        contextTokens: sql`${sessions.contextTokens} + ${sql.placeholder("contextTokens")}`,
        contextMessageCount: sql`${sessions.contextMessageCount} + ${sql.placeholder("contextCount")}`,
        // A model response's figures, when the rows are its answer (null leaves them).
        lastPromptTokens: sql`coalesce(${sql.placeholder("lastPrompt")}, ${sessions.lastPromptTokens})`,
        lastCompletionTokens: sql`coalesce(${sql.placeholder("lastCompletion")}, ${sessions.lastCompletionTokens})`,
        updatedAt: param("now"),
      })
      .where(eq(sessions.id, param("sessionId")))
      .returning({ nextSeq: sessions.nextSeq })
      .prepare(),
    findToolCall: db
      .select({ seq: toolCalls.messageSeq, name: toolCalls.name })
      .from(toolCalls)
      .where(and(eq(toolCalls.sessionId, param("sessionId")), eq(toolCalls.callId, param("callId"))))
      .prepare(),
    toolResult: db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.sessionId, param("sessionId")),
          eq(messages.toolCallId, param("callId")),
          eq(messages.role, "tool"),
        ),
      )
      .limit(1)
      .prepare(),
    page: db
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, param("sessionId")), gt(messages.seq, param("afterSeq"))))
      .orderBy(asc(messages.seq))
      .limit(param("limit"))
      .prepare(),
  };
}

export class SqliteMessageRepository implements Sync<MessageRepository> {
  private readonly statements: ReturnType<typeof prepareStatements>;

  /**
   * The active context is read on every model call and can hold thousands of rows: read as arrays
   * straight from better-sqlite3, it costs about a third of the ORM's row mapping.
   */
  private readonly activeRowsStatement: Statement<[string], unknown[]>;

  constructor(
    private readonly db: Db,
    sqlite: Database.Database,
    private readonly activeContext: ActiveContextCache,
  ) {
    this.statements = prepareStatements(db);
    this.activeRowsStatement = sqlite
      .prepare<[string], unknown[]>(
        `select ${STORED_COLUMN_NAMES.map((name) => `"${name}"`).join(", ")} from messages ` +
          "where session_id = ? and in_context = 1 order by position, seq",
      )
      .raw(true);
  }

  /**
   * Appends rows at the end of the transcript, handing out dense seqs and keeping the session's
   * counters in step. Callers wrap it in a transaction together with their own checks.
   */
  append(sessionId: string, rows: NewMessage[], now: number, figures?: ResponseFigures): StoredMessage[] {
    const { contextTokens, contextCount } = contextTotalsOf(rows);
    const claimed = this.statements.claimSeqs.get({
      sessionId,
      added: rows.length,
      contextTokens,
      contextCount,
      lastPrompt: figures?.last_prompt_tokens ?? null,
      lastCompletion: figures?.last_completion_tokens ?? null,
      now,
    });
    if (!claimed) throw new Error(`session ${sessionId} vanished during append`);
    let seq = claimed.nextSeq - rows.length;
    const inserted: StoredMessage[] = [];
    for (const row of rows) {
      const inContext = row.in_context ?? true;
      const value = this.statements.insert.get({
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
        reasoning: row.reasoning ?? null,
        ...provenanceValues(row),
        createdAt: now,
      });
      for (const call of row.tool_calls ?? []) {
        this.statements.insertToolCall.run({ sessionId, callId: call.id, messageSeq: seq, name: call.function.name });
      }
      inserted.push(toStoredMessage(value));
      seq += 1;
    }
    this.activeContext.appended(sessionId, inserted);
    return inserted;
  }

  /** The assistant tool call with this id, if the session has one. */
  findToolCall(sessionId: string, callId: string): { seq: number; name: string } | null {
    return this.statements.findToolCall.get({ sessionId, callId }) ?? null;
  }

  /** Tool calls the run's assistant messages made that no tool message answers, in call order. */
  unansweredToolCalls(sessionId: string, runId: string): Array<{ id: string; name: string }> {
    return this.db
      .select({ id: toolCalls.callId, name: toolCalls.name })
      .from(toolCalls)
      .innerJoin(messages, and(eq(messages.sessionId, toolCalls.sessionId), eq(messages.seq, toolCalls.messageSeq)))
      .where(unansweredCallsOfRun({ toolCalls, messages }, sessionId, runId))
      .orderBy(asc(toolCalls.messageSeq))
      .all();
  }

  hasToolResult(sessionId: string, callId: string): boolean {
    return this.statements.toolResult.get({ sessionId, callId }) !== undefined;
  }

  /** The transcript in seq order, every row (compacted ones included). */
  page(sessionId: string, afterSeq: number, limit: number): StoredMessage[] {
    return this.statements.page.all({ sessionId, afterSeq, limit }).map(toStoredMessage);
  }

  /** A tool call of the session: the seq of the row that made it and its arguments (JSON), or null. */
  toolCallArguments(sessionId: string, callId: string): { seq: number; arguments: string } | null {
    const found = this.findToolCall(sessionId, callId);
    if (!found) return null;
    const [row] = this.page(sessionId, found.seq - 1, 1);
    const call = row?.tool_calls?.find((c) => c.id === callId);
    return call ? { seq: found.seq, arguments: call.function.arguments } : null;
  }

  /** The session's first row of the role (its opening user message, for a preview), or null. */
  firstOfRole(sessionId: string, role: StoredMessage["role"]): StoredMessage | null {
    const row = this.db
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.role, role), eq(messages.kind, "message")))
      .orderBy(asc(messages.seq))
      .limit(1)
      .get();
    return row ? toStoredMessage(row) : null;
  }

  firstOfRoleIn(sessionIds: string[], role: StoredMessage["role"]): StoredMessage[] {
    if (sessionIds.length === 0) return [];
    const where = firstOfRoleIn(messages, sessionIds, role);
    return this.db.select(storedColumns).from(messages).where(where).all().map(toStoredMessage);
  }

  lastAnswerOfRuns(runIds: string[]): StoredMessage[] {
    if (runIds.length === 0) return [];
    const where = lastAnswerOfRuns(messages, runIds);
    return this.db.select(storedColumns).from(messages).where(where).all().map(toStoredMessage);
  }

  /** Every row a run stored (its user message, what it added, results written for it at a restart), in seq order. */
  listForRun(sessionId: string, runId: string): StoredMessage[] {
    return this.db
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.runId, runId)))
      .orderBy(asc(messages.seq))
      .all()
      .map(toStoredMessage);
  }

  /** The session's newest tool rows that hold untrusted content, newest first. */
  untrustedRows(sessionId: string, limit: number): StoredMessage[] {
    return this.db
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), eq(messages.untrusted, true)))
      .orderBy(desc(messages.seq))
      .limit(limit)
      .all()
      .map(toStoredMessage);
  }

  /** The session's newest messages (not summaries) of these roles, newest first. */
  ofRoles(sessionId: string, roles: Array<StoredMessage["role"]>, limit: number): StoredMessage[] {
    return this.db
      .select(storedColumns)
      .from(messages)
      .where(and(eq(messages.sessionId, sessionId), inArray(messages.role, roles), eq(messages.kind, "message")))
      .orderBy(desc(messages.seq))
      .limit(limit)
      .all()
      .map(toStoredMessage);
  }

  /** The rows of the active context in the order the model sees them: from memory when the session's are kept. */
  activeRows(sessionId: string): StoredMessage[] {
    const cached = this.activeContext.get(sessionId);
    if (cached) return cached;
    const rows = this.activeRowsFromDisk(sessionId);
    this.activeContext.fill(sessionId, rows);
    return rows;
  }

  /** The same rows read from SQLite, whatever is kept in memory. */
  activeRowsFromDisk(sessionId: string): StoredMessage[] {
    return this.activeRowsStatement.all(sessionId).map((values) => toStoredMessage(rowFromArray(values)));
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
