/**
 * @module chat
 * The chat vocabulary every layer speaks: roles, content, tool calls, a message as the model gets it,
 * token usage and how a run ends. Plain types, importing nothing of ours.
 */

export type Role = "system" | "user" | "assistant" | "tool";

export type ContentPart =
  | { type: "text"; text: string; cache_control?: { type: "ephemeral"; ttl?: "1h" } }
  | { type: "image_url"; image_url: { url: string; detail?: string } }
  | { type: string; [key: string]: unknown };

export type MessageContent = string | ContentPart[] | null;

export type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

/** A message as sent to the model (OpenAI chat shape). */
export type ChatMessage = {
  role: Role;
  content: MessageContent;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
};

export type TokenUsage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  /** Prompt tokens the provider read from its prompt cache, and wrote to it, where it reports them. */
  cache_read_tokens?: number;
  cache_write_tokens?: number;
  /** Completion tokens a reasoning model spent thinking, where the provider reports them (part of completion_tokens). */
  reasoning_tokens?: number;
};

export type RunStatus =
  "running" | "requires_action" | "completed" | "incomplete" | "failed" | "interrupted" | "cancelled";

/** The statuses a run ends in: nothing runs or waits any more. */
export const FINAL_RUN_STATUSES: ReadonlySet<RunStatus> = new Set([
  "completed",
  "incomplete",
  "failed",
  "interrupted",
  "cancelled",
]);

/**
 * Sampling settings a request names for one run (Hermes's per-run `model_options`), sent with each of its model calls
 * in the OpenAI chat parameters of the same names.
 */
export type ModelOptions = {
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
  seed?: number;
  stop?: string | string[];
  reasoning_effort?: "minimal" | "low" | "medium" | "high";
};

/** A tool in the OpenAI chat `tools` shape, as a client declares its own. */
export type FunctionTool = {
  type: "function";
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
};
