/**
 * @module message-shape
 * A message as clients post it, what makes one well formed (content, roles, tool-call ids — every field at fault
 * listed), the text search indexes for it, and the public shape of a stored row.
 */
import type { Message, StoredMessage } from "../../db/records.js";
import type { MessageContent, Role, ToolCall } from "../../kernel/chat.js";
import type { Provenance } from "../../kernel/provenance.js";
import { DomainError, type FieldIssue } from "../../kernel/errors.js";
import { contentText } from "../../kernel/text.js";

export type MessageInput = {
  role: Role;
  content: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
  /** An assistant row's reasoning (from the model; clients cannot set it). */
  reasoning?: string;
  /** A tool row's sources (the run loop's; a tool row a client posts is the client's). */
  provenance?: Provenance | null;
};

/** An object's key, on the stack of jsonAsText, told apart from the values around it. */
class JsonKey {
  constructor(readonly name: string) {}
}

/** JSON text is indexed past this size as it is: decoding megabytes of it on every append costs more than it finds. */
const DECODE_JSON_MAX_CHARS = 2_000_000;

/**
 * JSON (what tools commonly return) as the words a person reads in it: keys and string values with their escapes
 * decoded, one per line, so `"a\nfatal: x"` indexes `fatal` rather than `nfatal`. Anything else comes back as it is.
 */
export function jsonAsText(text: string): string {
  const trimmed = text.trimStart();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("[")) || text.length > DECODE_JSON_MAX_CHARS) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  // Walked with a stack of its own: a tool's (or a model's) JSON can nest deeper than the call stack goes.
  const lines: string[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node instanceof JsonKey) lines.push(node.name);
    else if (typeof node === "string") lines.push(node);
    else if (typeof node === "number" || typeof node === "boolean") lines.push(String(node));
    else if (Array.isArray(node)) for (let i = node.length - 1; i >= 0; i--) pending.push(node[i]);
    else if (node && typeof node === "object") {
      const entries = Object.entries(node);
      // The key is listed before its value: pushed last, it comes off the stack first.
      for (let i = entries.length - 1; i >= 0; i--) pending.push(entries[i][1], new JsonKey(entries[i][0]));
    }
  }
  return lines.join("\n");
}

/** The text full-text search sees for a message: content (JSON decoded), tool names, tool-call arguments (decoded). */
export function searchTextOf(message: MessageInput): string {
  const parts = [jsonAsText(contentText(message.content))];
  for (const call of message.tool_calls ?? [])
    parts.push(`${call.function.name} ${jsonAsText(call.function.arguments)}`);
  if (message.name) parts.push(message.name);
  return parts.filter(Boolean).join("\n");
}

/**
 * A stored row as clients read it — in the transcript and in the session's `message.created` events alike: the
 * bookkeeping columns left out, its time in ISO 8601.
 */
export type PublicMessage = Omit<Message, "created_at"> & { created_at: string };

/** The public shape of a stored row. */
export function publicMessage(row: StoredMessage): PublicMessage {
  const {
    position: _position,
    override: _override,
    override_tokens: _overrideTokens,
    run_id: _runId,
    created_at: createdAt,
    ...message
  } = row;
  return { ...message, created_at: new Date(createdAt).toISOString() };
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
  if (Array.isArray(input.content)) {
    for (const [i, part] of input.content.entries()) {
      if (part.type !== "image") continue;
      errors.push({
        path: at("content", i),
        message:
          "image parts stand for images a tool returned and are written by the server; send an image as an image_url part",
      });
    }
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

/** Rejects messages that are not well formed (content, roles, tool-call ids) before anything is stored. */
export function assertWellFormed(inputs: MessageInput[]): void {
  const errors = inputs.flatMap((input, i) => validateShape(input, i));
  if (errors.length) throw new DomainError("validation_failed", "the message is not well formed", { fields: errors });
}
