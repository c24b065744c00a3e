/**
 * @module prompt-caching
 * Prompt-cache markers for Claude models (SPEC §5.9): the system prompt and the last three non-system messages get
 * `cache_control` (at most four markers). Pure: returns new messages.
 */
import type { ChatMessage, ContentPart } from "../../kernel/chat.js";

export type CacheTtl = "5m" | "1h";
export type CacheMarker = { type: "ephemeral"; ttl?: "1h" };
export type CachedChatMessage = ChatMessage & { cache_control?: CacheMarker };

export const ROLLING_CACHE_MESSAGES = 3;

export function isClaudeModel(model: string | null | undefined): boolean {
  return Boolean(model && /claude/i.test(model));
}

function marked(message: ChatMessage, marker: CacheMarker): CachedChatMessage {
  const { content } = message;
  if (typeof content === "string" && content.length > 0) {
    return { ...message, content: [{ type: "text", text: content, cache_control: { ...marker } }] };
  }
  if (Array.isArray(content) && content.length > 0) {
    const parts: ContentPart[] = content.map((part) => ({ ...part }));
    parts[parts.length - 1] = { ...parts[parts.length - 1], cache_control: { ...marker } };
    return { ...message, content: parts };
  }
  return { ...message, cache_control: { ...marker } };
}

export function applyPromptCaching(
  messages: ChatMessage[],
  options: { model: string | null | undefined; ttl: CacheTtl },
): CachedChatMessage[] {
  if (!isClaudeModel(options.model)) return messages;
  const marker: CacheMarker = options.ttl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
  const out: CachedChatMessage[] = [...messages];
  const systemIndex = out.findIndex((m) => m.role === "system");
  if (systemIndex >= 0) out[systemIndex] = marked(out[systemIndex], marker);
  let placed = 0;
  for (let i = out.length - 1; i >= 0 && placed < ROLLING_CACHE_MESSAGES; i--) {
    if (out[i].role === "system") continue;
    out[i] = marked(out[i], marker);
    placed += 1;
  }
  return out;
}
