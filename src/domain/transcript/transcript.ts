import type { Store } from "../../db/store.js";
import { DomainError, notFound, type FieldIssue } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { countMessageTokens } from "../context/tokens.js";
import { contentText } from "../../kernel/text.js";
import type { Message, NewMessage, StoredMessage } from "../../db/records.js";
import type { MessageContent, Role, ToolCall } from "../../kernel/chat.js";

export type MessageInput = {
  role: Role;
  content: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
};

/** The text full-text search sees for a message: content, tool names, tool-call arguments. */
export function searchTextOf(message: MessageInput): string {
  const parts = [contentText(message.content)];
  for (const call of message.tool_calls ?? []) parts.push(`${call.function.name} ${call.function.arguments}`);
  if (message.name) parts.push(message.name);
  return parts.filter(Boolean).join("\n");
}

/** The public shape of a stored row. */
export function publicMessage(row: StoredMessage): Message {
  const {
    position: _position,
    override: _override,
    override_tokens: _overrideTokens,
    run_id: _runId,
    ...message
  } = row;
  return message;
}

function validateShape(input: MessageInput, index: number): FieldIssue[] {
  const at = (...field: (string | number)[]) => (index === 0 ? field : ["messages", index, ...field]);
  const errors: FieldIssue[] = [];
  if (input.content === null && !(input.role === "assistant" && input.tool_calls?.length)) {
    errors.push({
      path: at("content"),
      message: "content may be null only on an assistant message that carries tool_calls",
    });
  }
  if (input.tool_calls?.length && input.role !== "assistant") {
    errors.push({ path: at("tool_calls"), message: "only assistant messages carry tool_calls" });
  }
  if (input.role === "tool" && !input.tool_call_id) {
    errors.push({
      path: at("tool_call_id"),
      message: "a tool message needs the tool_call_id of the call it answers",
    });
  }
  if (input.role !== "tool" && input.tool_call_id) {
    errors.push({ path: at("tool_call_id"), message: "only tool messages carry tool_call_id" });
  }
  const ids = new Set<string>();
  for (const [i, call] of (input.tool_calls ?? []).entries()) {
    if (ids.has(call.id))
      errors.push({ path: at("tool_calls", i, "id"), message: `duplicate tool call id ${call.id}` });
    ids.add(call.id);
  }
  return errors;
}

export type TranscriptPage = { messages: StoredMessage[]; nextAfterSeq: number | null };

/** Rejects messages that are not well formed (content, roles, tool-call ids) before anything is stored. */
export function assertWellFormed(inputs: MessageInput[]): void {
  const errors = inputs.flatMap((input, i) => validateShape(input, i));
  if (errors.length) throw new DomainError("validation_failed", "the message is not well formed", { fields: errors });
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

  append(
    sessionId: string,
    inputs: MessageInput[],
    options: { model: string | null; runId?: string | null },
  ): StoredMessage[] {
    assertWellFormed(inputs);
    const rows: NewMessage[] = inputs.map((input) => ({
      id: newId("msg"),
      role: input.role,
      content: input.content,
      tool_calls: input.tool_calls,
      tool_call_id: input.tool_call_id,
      name: input.name,
      tokens: countMessageTokens(input, options.model),
      search_text: searchTextOf(input),
      run_id: options.runId ?? null,
    }));
    return this.store.transaction(() => {
      this.assertToolPairs(sessionId, inputs);
      return this.store.messages.append(sessionId, rows, this.now());
    });
  }

  /**
   * A page of the full transcript (compacted rows included) in seq order, after `afterSeq`. Reads
   * one row more than asked to know whether another page follows; cost follows the page size.
   */
  page(sessionId: string, afterSeq: number, limit: number): TranscriptPage {
    if (!this.store.sessions.get(sessionId)) throw notFound("session", sessionId);
    const rows = this.store.messages.page(sessionId, afterSeq, limit + 1);
    const messages = rows.slice(0, limit);
    const last = messages[messages.length - 1];
    return { messages, nextAfterSeq: rows.length > limit && last ? last.seq : null };
  }

  private assertToolPairs(sessionId: string, inputs: MessageInput[]): void {
    const pendingCalls = new Set<string>();
    const answered = new Set<string>();
    for (const [index, input] of inputs.entries()) {
      const path = index === 0 ? ["tool_call_id"] : ["messages", index, "tool_call_id"];
      if (input.role === "tool" && input.tool_call_id) {
        const callId = input.tool_call_id;
        const known = pendingCalls.has(callId) || this.store.messages.findToolCall(sessionId, callId) !== null;
        if (!known) {
          throw new DomainError(
            "invalid_tool_pair",
            `tool_call_id ${callId} matches no earlier assistant tool call in this session`,
            {
              fields: [{ path, message: "no assistant message of this session made a tool call with this id" }],
            },
          );
        }
        if (answered.has(callId) || this.store.messages.hasToolResult(sessionId, callId)) {
          throw new DomainError("invalid_tool_pair", `tool call ${callId} already has a result`, {
            fields: [{ path, message: "this tool call was already answered" }],
          });
        }
        answered.add(callId);
      }
      for (const call of input.tool_calls ?? []) {
        if (pendingCalls.has(call.id) || this.store.messages.findToolCall(sessionId, call.id) !== null) {
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
