import type { BrowserConfig, CompressionConfig } from "../config.js";

export type Role = "system" | "user" | "assistant" | "tool";

export type ContentPart =
  | { type: "text"; text: string; cache_control?: { type: "ephemeral"; ttl?: "1h" } }
  | { type: "image_url"; image_url: { url: string; detail?: string } }
  | { type: string; [key: string]: unknown };

export type MessageContent = string | ContentPart[] | null;

export type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

/** A transcript row as stored; never edited by compression. */
export type Message = {
  id: string;
  session_id: string;
  seq: number;
  role: Role;
  content: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
  tokens: number;
  in_context: boolean;
  kind: "message" | "summary";
  created_at: string;
};

/** A stored row plus what the active context needs: its place and its shortened form, if any. */
export type StoredMessage = Message & {
  position: number;
  override: { content: MessageContent; tool_calls?: ToolCall[] } | null;
  override_tokens: number | null;
  run_id: string | null;
};

/** A message as sent to the model (OpenAI chat shape). */
export type ChatMessage = {
  role: Role;
  content: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
};

export type SessionConfigOverrides = {
  compression?: Partial<CompressionConfig>;
  browser?: Partial<BrowserConfig>;
  engine?: string;
};

export type SessionRecord = {
  id: string;
  title: string | null;
  model: string | null;
  system_prompt: string | null;
  system_prompt_tokens: number;
  config: SessionConfigOverrides;
  created_at: number;
  updated_at: number;
  message_count: number;
  context_tokens: number;
  context_message_count: number;
  compression_count: number;
  last_prompt_tokens: number;
  last_completion_tokens: number;
  engine_state: Record<string, unknown>;
  browser_url: string | null;
};
