/**
 * Observation masking: a context engine that needs no model. Old tool outputs are replaced by a
 * one-line stub naming their seq; the newest tool results stay verbatim. The full outputs stay in
 * the transcript, so `session_search` (or GET /search) still finds them.
 *
 * Install: copy this folder to `<context.plugins_dir>/observation-masking/` and set
 * `context.engine: observation-masking` (server-wide) or `config.engine` on a session.
 */

/** Tool results kept verbatim at the end of the context. */
const KEEP_RECENT_TOOL_RESULTS = 3;
/** Shorter outputs cost less than their stub is worth. */
const MASK_MIN_CHARS = 200;

function textOf(content) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (part && part.type === "text" ? part.text : "")).join("\n");
  return "";
}

export default class ObservationMaskingEngine {
  /** @param {{ thresholdTokens: number, contextLength: number, compressionCount: number, lastPromptTokens: number }} context */
  constructor(context) {
    this.name = "observation-masking";
    this.threshold_tokens = context.thresholdTokens;
    this.context_length = context.contextLength;
    this.compression_count = context.compressionCount;
    this.last_prompt_tokens = context.lastPromptTokens;
    this.last_completion_tokens = 0;
    this.last_total_tokens = 0;
  }

  updateFromResponse(usage) {
    this.last_prompt_tokens = usage.prompt_tokens;
    this.last_completion_tokens = usage.completion_tokens;
    this.last_total_tokens = usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens;
  }

  shouldCompress(promptTokens) {
    return (promptTokens ?? this.last_prompt_tokens) >= this.threshold_tokens;
  }

  /** Returns every item, old tool outputs shortened; nothing leaves the context and no model is called. */
  async compress(messages) {
    const toolNames = new Map();
    for (const item of messages) for (const call of item.tool_calls ?? []) toolNames.set(call.id, call.function.name);
    const toolIndexes = messages.flatMap((item, index) => (item.role === "tool" ? [index] : []));
    const keep = new Set(toolIndexes.slice(-KEEP_RECENT_TOOL_RESULTS));
    const out = messages.map((item, index) => {
      if (item.role !== "tool" || keep.has(index)) return item;
      const text = textOf(item.content);
      if (text.length < MASK_MIN_CHARS || text.startsWith("[observation masked")) return item;
      const tool = toolNames.get(item.tool_call_id) ?? item.name ?? "tool";
      return {
        ...item,
        content: `[observation masked: ${tool} output of seq ${item.seq} (${text.length} chars); use session_search to read it]`,
      };
    });
    this.compression_count += 1;
    return { messages: out };
  }

  getStatus() {
    return {
      name: this.name,
      keep_recent_tool_results: KEEP_RECENT_TOOL_RESULTS,
      compression_count: this.compression_count,
    };
  }
}
