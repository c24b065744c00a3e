/**
 * @module chat-sessions
 * The session an OpenAI chat-completions request continues: the one `X-Hermes-Session-Id` names, or one derived
 * from the conversation's system prompt and first user message, created with the earlier turns on first use.
 */
import { createHash } from "node:crypto";
import type { Store } from "../../db/store.js";
import { contentText } from "../../kernel/text.js";
import { DomainError } from "../../kernel/errors.js";
import { ownOnly, SERVER_CALLER, type Caller } from "../shared/owner-scope.js";
import type { SessionService } from "../sessions/service.js";
import type { MessageInput } from "../shared/message-shape.js";
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

/**
 * The key of a conversation as a client holds it: its system prompt and its user and assistant turns (text only; the
 * agent's own tool calls are not sent back by clients). A request is matched to a session by the key of everything
 * before its last message, and once the run has answered, the session takes the key of the conversation with that
 * answer — the prefix of the client's next request. So a conversation is found again only by a client that holds it
 * whole, and two that open with the same words never share one.
 */
export function conversationKey(systemPrompt: string | null, turns: Array<{ role: string; text: string }>): string {
  return `chat_${createHash("sha256")
    .update(JSON.stringify([systemPrompt ?? "", turns.map((turn) => [turn.role, turn.text])]))
    .digest("hex")
    .slice(0, 40)}`;
}

/** The user and assistant turns of a request, as conversation keys read them. */
function turnsOf(messages: ChatRequestMessage[]): Array<{ role: string; text: string }> {
  return messages
    .filter((m) => (m.role === "user" || m.role === "assistant") && contentText(m.content ?? null) !== "")
    .map((m) => ({ role: m.role, text: contentText(m.content ?? null) }));
}

/** The key a request's conversation is found by: everything before its last message. */
export function derivedKeyOf(messages: ChatRequestMessage[]): string {
  return conversationKey(systemPromptOf(messages), turnsOf(messages.slice(0, -1)));
}

/** The key the session takes once the run has answered: the request's turns and the answer. */
export function answeredKeyOf(messages: ChatRequestMessage[], answer: string): string {
  return conversationKey(systemPromptOf(messages), [...turnsOf(messages), { role: "assistant", text: answer }]);
}

/** A session id a client may choose: path-safe, up to 256 characters, no `..`. */
export const CLIENT_SESSION_ID = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9._:@-]{0,255}$/;

function toInput(message: ChatRequestMessage): MessageInput {
  const input: MessageInput = { role: message.role as MessageInput["role"], content: message.content ?? null };
  if (message.tool_calls?.length) input.tool_calls = message.tool_calls;
  if (message.tool_call_id) input.tool_call_id = message.tool_call_id;
  if (message.name) input.name = message.name;
  return input;
}

/**
 * Picks the session a chat-completions request continues (SPEC §7):
 * - with `X-Hermes-Session-Id`, that session, whose history comes from the database (earlier messages in the request
 *   are ignored); an id not seen before creates the session under that id, with the request's earlier turns;
 * - without it, the client's messages are the conversation: the session whose conversation they continue (matched on
 *   everything before the last message, see conversationKey), or a new one holding the request's earlier turns.
 */
export class ChatSessionResolver {
  constructor(
    private readonly deps: {
      store: Store;
      sessions: SessionService;
      transcript: Transcript;
      /** Whether a run holds the session now (on any replica): a busy match is left alone and a new one is made. */
      isBusy: (sessionId: string) => Promise<boolean>;
    },
  ) {}

  async resolve(
    messages: ChatRequestMessage[],
    sessionIdHeader: string | null,
    caller: Caller = SERVER_CALLER,
  ): Promise<ResolvedChat> {
    const last = messages[messages.length - 1];
    if (!last || last.role !== "user") {
      throw new DomainError("validation_failed", "the last message must be the user's turn for the agent to answer", {
        fields: [{ path: ["messages", Math.max(messages.length - 1, 0), "role"], message: "must be user" }],
      });
    }
    const userMessage = toInput(last);
    const { store } = this.deps;
    // Looked up and, when none is found, created in one transaction holding the id or the conversation's key: two
    // requests for a session not seen before (on one replica or two) find one session, made by the first, instead of
    // both making it.
    const resolved = await store.transaction(async (): Promise<{ session: SessionRecord; created: boolean }> => {
      if (sessionIdHeader) {
        await store.sessions.lockName(`id:${sessionIdHeader}`);
        // Another owner's session is neither continued nor made again under its id: it is not found.
        const named = await this.deps.sessions.existingFor(sessionIdHeader, caller);
        if (named) return { session: named, created: false };
        return {
          session: await this.createWith(messages, { id: sessionIdHeader, derivedKey: null, caller }),
          created: true,
        };
      }
      const key = derivedKeyOf(messages);
      await store.sessions.lockName(`key:${key}`);
      // Only the caller's own conversations are continued: two owners sending the same turns never share one.
      const existing = messages.length > 1 ? await store.sessions.findByDerivedKey(key, ownOnly(caller)) : null;
      if (existing && !(await this.deps.isBusy(existing.id))) return { session: existing, created: false };
      return { session: await this.createWith(messages, { derivedKey: key, caller }), created: true };
    });
    if (!resolved.created) return { ...resolved, userMessage };
    // Read again after the transaction: the row as the earlier turns left it.
    const session = (await store.sessions.get(resolved.session.id)) ?? resolved.session;
    return { session, userMessage, created: true };
  }

  /** A new session holding the request's system prompt and earlier turns; called inside the caller's transaction. */
  private async createWith(
    messages: ChatRequestMessage[],
    options: { id?: string; derivedKey: string | null; caller: Caller },
  ): Promise<SessionRecord> {
    const systemPrompt = systemPromptOf(messages);
    const firstUser = messages.find((m) => m.role === "user")!;
    const title = contentText(firstUser.content ?? null).slice(0, TITLE_MAX_CHARS) || null;
    const earlier = messages
      .slice(0, -1)
      .filter((m) => m.role !== "system" && m.role !== "developer")
      .map(toInput);
    const created = await this.deps.sessions.create(
      { id: options.id, title, system_prompt: systemPrompt, caller: options.caller },
      options.derivedKey,
    );
    if (earlier.length) await this.deps.transcript.append(created.id, earlier, { model: created.model });
    return created;
  }
}
