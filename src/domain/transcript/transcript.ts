/**
 * @module transcript
 * A session's transcript: messages appended with dense seqs (tool results always answering a call of the same
 * session, with the images a tool returned stored once beside its row), read back in seq order a page at a time,
 * and its images by id. Nothing is ever removed from it.
 */
import type { NewMessage, ResponseFigures, StoredImage, StoredMessage } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { commandAnchorOf, rowAnchors } from "../shared/anchors.js";
import { countMessageTokens } from "../shared/tokens.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { contentText } from "../../kernel/text.js";
import { assertWellFormed, searchTextOf, type MessageInput } from "../shared/message-shape.js";
import { prepareToolImages, type ToolImageInput } from "./tool-images.js";

/** Rows read per step when a session stored before the anchor table is indexed. */
const ANCHOR_BACKFILL_PAGE = 1_000;

export type TranscriptPage = { messages: StoredMessage[]; nextAfterSeq: number | null };

/** A message as its row is stored: a fresh id, its token count and the text search indexes. */
function rowOf(input: MessageInput, options: { model: string | null; runId?: string | null }): NewMessage {
  return {
    id: newId("msg"),
    role: input.role,
    content: input.content,
    tool_calls: input.tool_calls,
    tool_call_id: input.tool_call_id,
    name: input.name,
    tokens: countMessageTokens(input, options.model),
    search_text: searchTextOf(input),
    run_id: options.runId ?? null,
    reasoning: input.reasoning ?? null,
    provenance: input.provenance ?? null,
  };
}

/**
 * Appends messages to a session's transcript in one transaction. Tool messages must answer an
 * earlier assistant tool call of the session that has no result yet.
 */
export class Transcript {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  async append(
    sessionId: string,
    inputs: MessageInput[],
    options: {
      model: string | null;
      runId?: string | null;
      /** When the rows are a model's answer: the response's figures, written on the session with the rows. */
      figures?: ResponseFigures;
    },
  ): Promise<StoredMessage[]> {
    assertWellFormed(inputs);
    const rows = inputs.map((input) => rowOf(input, options));
    return this.store.transaction(async () => {
      await this.assertToolPairs(sessionId, inputs);
      const stored = await this.store.messages.append(sessionId, rows, this.now(), options.figures);
      await this.indexAnchors(sessionId, inputs, stored);
      return stored;
    });
  }

  /**
   * Appends a tool's result with the images it returned: each image stored once, in the same transaction, and
   * referenced from the row's content by an `image` part after the text (which stays what a model without vision
   * reads). An image that cannot be stored is left out and named in the text.
   */
  async appendToolResult(
    sessionId: string,
    input: MessageInput & { role: "tool"; content: string },
    images: readonly ToolImageInput[],
    options: { model: string | null; runId?: string | null },
  ): Promise<StoredMessage> {
    assertWellFormed([input]);
    const now = this.now();
    const prepared = prepareToolImages(images, now);
    const text = [input.content, ...prepared.notes].filter(Boolean).join("\n");
    const withImages: MessageInput = {
      ...input,
      content: prepared.refs.length ? [...(text ? [{ type: "text", text }] : []), ...prepared.refs] : text,
    };
    const row = rowOf(withImages, options);
    return this.store.transaction(async () => {
      await this.assertToolPairs(sessionId, [withImages]);
      const [stored] = await this.store.messages.append(sessionId, [row], now);
      await this.store.images.insert(sessionId, stored.seq, prepared.images, now);
      await this.indexAnchors(sessionId, [withImages], [stored]);
      return stored;
    });
  }

  /** An image of the session's transcript, with its bytes; `404` for an id the session does not hold. */
  async image(sessionId: string, imageId: string): Promise<StoredImage> {
    if (!(await this.store.sessions.get(sessionId))) throw notFound("session", sessionId);
    const image = await this.store.images.get(sessionId, imageId);
    if (!image) throw new DomainError("not_found", `image ${imageId} does not exist in session ${sessionId}`);
    return image;
  }

  /**
   * Indexes the identifiers of a session stored before the anchor table existed, once, a page of rows at a time, in
   * one transaction; a session made since is indexed as its rows are stored and is left alone.
   */
  async indexOlderAnchors(sessionId: string): Promise<void> {
    if (!(await this.needsAnchorIndex(sessionId))) return;
    await this.store.transaction(async () => {
      // Asked again inside: two readers of one old session may both have seen it unindexed, and only one indexes it.
      if (!(await this.needsAnchorIndex(sessionId))) return;
      const calls = new Map<string, { seq: number; arguments: string }>();
      for (let after = 0; ;) {
        const page = await this.store.messages.page(sessionId, after, ANCHOR_BACKFILL_PAGE);
        if (page.length === 0) break;
        after = page.at(-1)!.seq;
        // Summary rows are derived text: their identifiers are those of the rows they cover.
        const rows = page.filter((row) => row.kind === "message");
        await this.indexRows(sessionId, rows, rows, calls);
      }
      await this.store.sessions.update(sessionId, { anchors_indexed: true }, this.now());
    });
  }

  private async needsAnchorIndex(sessionId: string): Promise<boolean> {
    const session = await this.store.sessions.get(sessionId);
    return session !== null && !session.anchors_indexed;
  }

  /**
   * The rows' identifiers into the anchor table, from their decoded text with secrets masked first; a shell-like
   * call's command with the exit code its result reports, at the call's row, once the result is stored.
   */
  private async indexAnchors(sessionId: string, inputs: MessageInput[], stored: StoredMessage[]): Promise<void> {
    await this.indexRows(sessionId, inputs, stored, new Map());
  }

  private async indexRows(
    sessionId: string,
    inputs: MessageInput[],
    stored: StoredMessage[],
    batchCalls: Map<string, { seq: number; arguments: string }>,
  ): Promise<void> {
    const { messageAnchors, messages } = this.store;
    for (const [i, row] of stored.entries()) {
      await messageAnchors.add(sessionId, row.seq, rowAnchors(inputs[i], redactSecrets));
      for (const call of inputs[i].tool_calls ?? [])
        batchCalls.set(call.id, { seq: row.seq, arguments: call.function.arguments });
      const callId = inputs[i].tool_call_id;
      if (inputs[i].role !== "tool" || !callId) continue;
      const call = batchCalls.get(callId) ?? (await messages.toolCallArguments(sessionId, callId));
      if (!call) continue;
      const command = commandAnchorOf(call.arguments, contentText(inputs[i].content), redactSecrets);
      if (command) await messageAnchors.add(sessionId, call.seq, [{ kind: "command", value: command }]);
    }
  }

  /**
   * A page of the full transcript (compacted rows included) in seq order, after `afterSeq`. Reads
   * one row more than asked to know whether another page follows; cost follows the page size.
   */
  async page(sessionId: string, afterSeq: number, limit: number): Promise<TranscriptPage> {
    if (!(await this.store.sessions.get(sessionId))) throw notFound("session", sessionId);
    const rows = await this.store.messages.page(sessionId, afterSeq, limit + 1);
    const messages = rows.slice(0, limit);
    const last = messages[messages.length - 1];
    return { messages, nextAfterSeq: rows.length > limit && last ? last.seq : null };
  }

  /**
   * A window of the transcript by offset, as Hermes clients page it: `latest` ends `offset` rows before the newest,
   * `oldest` starts `offset` rows after the first; either is in seq order. Without an order it is `latest` when no
   * offset is given and `oldest` when one is. Seqs are dense, so no row is counted.
   */
  async window(
    sessionId: string,
    options: { limit: number; offset?: number; order?: "latest" | "oldest" },
  ): Promise<{ messages: StoredMessage[]; total: number; offset: number; order: "latest" | "oldest" }> {
    const session = await this.store.sessions.get(sessionId);
    if (!session) throw notFound("session", sessionId);
    const total = session.message_count;
    const { limit } = options;
    const offset = options.offset ?? 0;
    const order = options.order ?? (options.offset === undefined ? "latest" : "oldest");
    if (order === "oldest")
      return { messages: await this.store.messages.page(sessionId, offset, limit), total, offset, order };
    const end = Math.max(0, total - offset);
    const start = Math.max(0, end - limit);
    return { messages: await this.store.messages.page(sessionId, start, end - start), total, offset, order };
  }

  /** The session's opening user message, or null. */
  openingMessage(sessionId: string): Promise<StoredMessage | null> {
    return this.store.messages.firstOfRole(sessionId, "user");
  }

  /** The opening user message of each of the sessions that has one, by session id: one query for a whole page. */
  async openingMessages(sessionIds: string[]): Promise<Map<string, StoredMessage>> {
    const rows = await this.store.messages.firstOfRoleIn(sessionIds, "user");
    return new Map(rows.map((row) => [row.session_id, row]));
  }

  private async assertToolPairs(sessionId: string, inputs: MessageInput[]): Promise<void> {
    const pendingCalls = new Set<string>();
    const answered = new Set<string>();
    for (const [index, input] of inputs.entries()) {
      const path = index === 0 ? ["tool_call_id"] : ["messages", index, "tool_call_id"];
      if (input.role === "tool" && input.tool_call_id) {
        const callId = input.tool_call_id;
        const known = pendingCalls.has(callId) || (await this.store.messages.findToolCall(sessionId, callId)) !== null;
        if (!known) {
          throw new DomainError(
            "invalid_tool_pair",
            `tool_call_id ${callId} matches no earlier assistant tool call in this session`,
            {
              fields: [{ path, message: "no assistant message of this session made a tool call with this id" }],
            },
          );
        }
        if (answered.has(callId) || (await this.store.messages.hasToolResult(sessionId, callId))) {
          throw new DomainError("invalid_tool_pair", `tool call ${callId} already has a result`, {
            fields: [{ path, message: "this tool call was already answered" }],
          });
        }
        answered.add(callId);
      }
      for (const call of input.tool_calls ?? []) {
        if (pendingCalls.has(call.id) || (await this.store.messages.findToolCall(sessionId, call.id)) !== null) {
          throw new DomainError("invalid_tool_pair", `tool call id ${call.id} is already used in this session`, {
            fields: [
              {
                path: index === 0 ? ["tool_calls"] : ["messages", index, "tool_calls"],
                message: "tool call ids must be unique per session",
              },
            ],
          });
        }
        pendingCalls.add(call.id);
      }
    }
  }
}
