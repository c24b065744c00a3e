/**
 * @module chat-sessions
 * The session an OpenAI chat-completions request continues: the one `X-Hermes-Session-Id` names, or one derived
 * from the conversation's system prompt and first user message, created with the earlier turns on first use.
 */
import { createHash } from "node:crypto";
import type { Store } from "../../db/store.js";
import { contentText } from "../../kernel/text.js";
import { DomainError } from "../../kernel/errors.js";
import type { SessionService } from "../sessions/service.js";
import type { MessageInput } from "../transcript/message-shape.js";
import type { Transcript } from "../transcript/transcript.js";
import type { SessionRecord } from "../../db/records.js";
import type { MessageContent, ToolCall } from "../../kernel/chat.js";

/** A message of an OpenAI chat-completions request; `developer` is read as `system`. */
export type ChatRequestMessage = {
  role: "system" | "developer" | "user" | "assistant" | "tool";
  content?: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
};

export type ResolvedChat = {
  session: SessionRecord;
  /** The request's last message: the user turn the run answers. */
  userMessage: MessageInput;
  /** True when this request created the session (derived sessions only). */
  created: boolean;
};

const TITLE_MAX_CHARS = 80;

function systemPromptOf(messages: ChatRequestMessage[]): string | null {
  const parts = messages
    .filter((m) => m.role === "system" || m.role === "developer")
    .map((m) => contentText(m.content ?? null));
  return parts.length ? parts.join("\n") : null;
}

/** The stable key of a conversation that carries no session id: its system prompt and first user message. */
export function derivedSessionKey(systemPrompt: string | null, firstUserText: string): string {
  return `chat_${createHash("sha256")
    .update(JSON.stringify([systemPrompt ?? "", firstUserText]))
    .digest("hex")
    .slice(0, 40)}`;
}

/** The derived key of a request's conversation: its system prompt and its first user message. */
export function derivedKeyOf(messages: ChatRequestMessage[]): string {
  const firstUser = messages.find((m) => m.role === "user");
  return derivedSessionKey(systemPromptOf(messages), contentText(firstUser?.content ?? null));
}

function toInput(message: ChatRequestMessage): MessageInput {
  const input: MessageInput = { role: message.role as MessageInput["role"], content: message.content ?? null };
  if (message.tool_calls?.length) input.tool_calls = message.tool_calls;
  if (message.tool_call_id) input.tool_call_id = message.tool_call_id;
  if (message.name) input.name = message.name;
  return input;
}

/**
 * Picks the session a chat-completions request continues (SPEC §7):
 * - with `X-Hermes-Session-Id`, that session, whose history comes from the database (earlier
 *   messages in the request are ignored);
 * - without it, the session derived from the system prompt and the first user message; the first
 *   request of such a conversation creates it and stores the request's earlier turns, later ones
 *   find it again and only add their last user message.
 */
export class ChatSessionResolver {
  constructor(private readonly deps: { store: Store; sessions: SessionService; transcript: Transcript }) {}

  resolve(messages: ChatRequestMessage[], sessionIdHeader: string | null): ResolvedChat {
    const last = messages[messages.length - 1];
    if (!last || last.role !== "user") {
      throw new DomainError("validation_failed", "the last message must be the user's turn for the agent to answer", {
        fields: [{ path: ["messages", Math.max(messages.length - 1, 0), "role"], message: "must be user" }],
      });
    }
    const userMessage = toInput(last);
    if (sessionIdHeader) {
      return { session: this.deps.sessions.require(sessionIdHeader), userMessage, created: false };
    }
    const systemPrompt = systemPromptOf(messages);
    const firstUser = messages.find((m) => m.role === "user")!;
    const firstUserText = contentText(firstUser.content ?? null);
    const key = derivedSessionKey(systemPrompt, firstUserText);
    const existing = this.deps.store.sessions.findByDerivedKey(key);
    if (existing) return { session: existing, userMessage, created: false };

    const earlier = messages
      .slice(0, -1)
      .filter((m) => m.role !== "system" && m.role !== "developer")
      .map(toInput);
    const session = this.deps.store.transaction(() => {
      const created = this.deps.sessions.create(
        { title: firstUserText.slice(0, TITLE_MAX_CHARS) || null, system_prompt: systemPrompt },
        key,
      );
      if (earlier.length) this.deps.transcript.append(created.id, earlier, { model: created.model });
      return created;
    });
    return { session: this.deps.store.sessions.get(session.id) ?? session, userMessage, created: true };
  }
}
