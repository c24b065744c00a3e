/**
 * @module provider-quirks
 * Where OpenAI-compatible providers part from OpenAI's chat-completions wire format, each quirk named by the providers
 * it was recorded from (tests/fixtures/providers holds the recordings). Every chunk and every whole answer is read
 * through these functions and nowhere else, so a new quirk is handled here, once.
 *
 * Handled elsewhere by the `openai` SDK itself, and so not here: SSE comment lines (OpenRouter's
 * `: OPENROUTER PROCESSING` keep-alives) are skipped by its parser; an `error` frame inside a 200 stream (OpenAI,
 * vLLM, OpenRouter) is raised as an APIError without a status, which ../shared/model-errors.ts classifies;
 * `retry-after-ms` (Azure) and `retry-after` are honoured by its retries.
 */
import type { TokenUsage, ToolCall } from "../../kernel/chat.js";
import { normalizeUsage, type ProviderUsage } from "../shared/provider-usage.js";

/**
 * A chunk's (or an answer's) usage. OpenAI sends it in a last chunk with empty `choices` (with
 * `stream_options.include_usage`); Groq, DeepSeek and Together put it on the finish chunk itself; Groq's older
 * streams carry it only under `x_groq.usage`.
 */
export function usageOf(raw: unknown): TokenUsage | null {
  const part = raw as { usage?: ProviderUsage | null; x_groq?: { usage?: ProviderUsage | null } | null };
  return normalizeUsage(part.usage) ?? normalizeUsage(part.x_groq?.usage);
}

/**
 * A reasoning model's thoughts on a message or a delta: `reasoning_content` (DeepSeek, llama.cpp, older vLLM) or
 * `reasoning` (Groq, OpenRouter, Ollama, newer vLLM). An empty string is no thought (DeepSeek opens with one).
 */
export function reasoningOf(part: unknown): string | null {
  if (typeof part !== "object" || part === null) return null;
  const { reasoning_content: content, reasoning } = part as { reasoning_content?: unknown; reasoning?: unknown };
  if (typeof content === "string" && content.length) return content;
  if (typeof reasoning === "string" && reasoning.length) return reasoning;
  return null;
}

/**
 * The finish reason as OpenAI names it. Together (and TGI) end with `eos`: a natural stop. Gemini's streams end a
 * tool-calling answer with `stop`, and its single-chunk answers carry no finish reason at all (nor do Ollama's older
 * streams, which send `""`): what the answer holds says why it ended.
 */
export function finishReasonOf(raw: unknown, toolCalls: number): string {
  const reason = typeof raw === "string" ? raw : "";
  if (toolCalls > 0 && (reason === "" || reason === "stop" || reason === "eos")) return "tool_calls";
  if (reason === "" || reason === "eos") return "stop";
  return reason;
}

/**
 * vLLM (and servers built like it) may send an error during a stream as a chunk of its own,
 * `{"object": "error", "message": …}`, with no choices, where OpenAI sends an `error` frame (which the SDK raises):
 * its message, or null for any other chunk.
 */
export function streamErrorOf(chunk: unknown): string | null {
  const part = chunk as { object?: unknown; message?: unknown };
  if (part.object !== "error") return null;
  return typeof part.message === "string" && part.message ? part.message : "the server reported an error";
}

/** One tool-call fragment of a streamed delta, as any provider sends it. */
export type ToolCallFragment = {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
};

type Slot = { order: number; index: number | null; call: ToolCall };

/**
 * Joins the tool-call fragments of one streamed answer into whole calls, in the order the model made them:
 * - OpenAI, DeepSeek, vLLM, Anthropic: `index` names the call (Anthropic's first call may be index 1); the id and the
 *   name come once, the arguments in pieces.
 * - Gemini sends no `index`: a fragment with a new id starts a call, one without an id continues the last.
 * - Ollama numbers every call of a parallel answer 0, each with its own id and whole arguments: a new id at an index
 *   whose call already has a name starts another call.
 * - Some servers send the arguments before the name, or repeat the whole name on every fragment: the name is taken
 *   when it first comes and a repeat of it is not appended again.
 */
export class ToolCallAssembler {
  private readonly slots: Slot[] = [];
  private readonly byIndex = new Map<number, Slot>();

  add(fragment: ToolCallFragment): void {
    const slot = this.slotFor(fragment);
    if (fragment.id) slot.call.id = fragment.id;
    const name = fragment.function?.name;
    if (name && name !== slot.call.function.name) slot.call.function.name += name;
    const args = fragment.function?.arguments;
    if (args) slot.call.function.arguments += args;
  }

  private slotFor(fragment: ToolCallFragment): Slot {
    const index = typeof fragment.index === "number" ? fragment.index : null;
    let slot: Slot | undefined;
    if (index !== null) {
      slot = this.byIndex.get(index);
      const anotherCall =
        slot && fragment.id && slot.call.id && fragment.id !== slot.call.id && slot.call.function.name;
      if (anotherCall) slot = undefined;
    } else {
      const last = this.slots.at(-1);
      slot = last && (!fragment.id || !last.call.id || last.call.id === fragment.id) ? last : undefined;
    }
    if (!slot) {
      slot = {
        order: this.slots.length,
        index,
        call: { id: "", type: "function", function: { name: "", arguments: "" } },
      };
      this.slots.push(slot);
    }
    if (index !== null) this.byIndex.set(index, slot);
    return slot;
  }

  /** The calls, by index where the provider gave one, else in the order they came. */
  calls(): ToolCall[] {
    return [...this.slots]
      .sort((a, b) => (a.index ?? a.order) - (b.index ?? b.order) || a.order - b.order)
      .map((slot) => slot.call);
  }
}
