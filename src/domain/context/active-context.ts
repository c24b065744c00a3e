/**
 * @module active-context
 * The active context as the model gets it: the session's system prompt, then the in-context transcript rows, each
 * shown in its shortened form where a compression gave it one.
 */
import type { Store } from "../../db/store.js";
import type { SessionRecord, StoredMessage } from "../../db/records.js";
import type { ChatMessage } from "../../kernel/chat.js";

/** How a stored row is shown to the model: its override when compression shortened it. */
export function toChatMessage(row: StoredMessage): ChatMessage {
  const shown = row.override ?? { content: row.content, tool_calls: row.tool_calls };
  const message: ChatMessage = { role: row.role, content: shown.content };
  if (shown.tool_calls?.length) message.tool_calls = shown.tool_calls;
  if (row.tool_call_id) message.tool_call_id = row.tool_call_id;
  if (row.name) message.name = row.name;
  return message;
}

export function effectiveTokens(row: StoredMessage): number {
  return row.override_tokens ?? row.tokens;
}

/** The active context exactly as the model gets it: the system prompt, then the in-context rows. */
export async function buildActiveContext(
  store: Store,
  session: SessionRecord,
): Promise<{ messages: ChatMessage[]; rows: StoredMessage[] }> {
  const rows = await store.messages.activeRows(session.id);
  const messages: ChatMessage[] = [];
  if (session.system_prompt) messages.push({ role: "system", content: session.system_prompt });
  for (const row of rows) messages.push(toChatMessage(row));
  return { messages, rows };
}
