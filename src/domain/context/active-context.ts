/**
 * @module active-context
 * The active context as the model gets it: the session's system prompt (with the memory it froze when it started),
 * then the in-context transcript rows, each
 * shown in its shortened form where a compression gave it one, and a tool row that holds untrusted content inside the
 * guard's fence.
 */
import type { Store } from "../../db/store.js";
import type { SessionRecord, StoredMessage } from "../../db/records.js";
import type { ChatMessage } from "../../kernel/chat.js";
import { fencedContent } from "../shared/fence.js";
import { withMemoryBlock } from "../shared/memory-block.js";

/**
 * How a stored row is shown to the model: its override when compression shortened it, fenced with `fenceId` (the
 * session's, null when the guard is off) when it is a tool row that holds untrusted content.
 */
export function toChatMessage(row: StoredMessage, fenceId: string | null = null): ChatMessage {
  const shown = row.override ?? { content: row.content, tool_calls: row.tool_calls };
  const content =
    fenceId && row.role === "tool" ? fencedContent(shown.content, row.provenance, fenceId) : shown.content;
  const message: ChatMessage = { role: row.role, content };
  if (shown.tool_calls?.length) message.tool_calls = shown.tool_calls;
  if (row.tool_call_id) message.tool_call_id = row.tool_call_id;
  if (row.name) message.name = row.name;
  return message;
}

export function effectiveTokens(row: StoredMessage): number {
  return row.override_tokens ?? row.tokens;
}

/**
 * The active context as the model gets it: the system prompt, then the in-context rows (fenced with `fenceId`). The
 * guard's notice is added when the context is sent (fence.ts `withGuardNotice`).
 */
export async function buildActiveContext(
  store: Store,
  session: SessionRecord,
  fenceId: string | null = null,
): Promise<{ messages: ChatMessage[]; rows: StoredMessage[] }> {
  const rows = await store.messages.activeRows(session.id);
  const messages: ChatMessage[] = [];
  const system = withMemoryBlock(session.system_prompt, session.memory_block);
  if (system) messages.push({ role: "system", content: system });
  for (const row of rows) messages.push(toChatMessage(row, fenceId));
  return { messages, rows };
}
