/**
 * @module tokens
 * Token counts with tiktoken, in the model's encoding (o200k_base for a model it does not know): of a text, in
 * linear time, and of a message as a request carries it.
 */
import { get_encoding, encoding_for_model, type Tiktoken, type TiktokenEncoding, type TiktokenModel } from "tiktoken";
import { forEachTokenChunk } from "./token-chunks.js";
import type { ChatMessage, MessageContent } from "../../kernel/chat.js";
import { contentText } from "../../kernel/text.js";

const DEFAULT_ENCODING: TiktokenEncoding = "o200k_base";
/** OpenAI's accounting: every message costs a few tokens of framing beyond its text. */
const MESSAGE_OVERHEAD_TOKENS = 4;
/** A rough fixed cost for a non-text part (an image) so it is not counted as free. */
const NON_TEXT_PART_TOKENS = 85;

const SPECIAL_TOKEN_OPENING = "<|";

const encoders = new Map<TiktokenEncoding, Tiktoken>();

function encodingNameFor(model: string | null | undefined): TiktokenEncoding {
  if (!model) return DEFAULT_ENCODING;
  try {
    const enc = encoding_for_model(model as TiktokenModel);
    const name = enc.name as TiktokenEncoding | undefined;
    enc.free();
    return name ?? DEFAULT_ENCODING;
  } catch {
    return DEFAULT_ENCODING;
  }
}

const encodingByModel = new Map<string, TiktokenEncoding>();

/** One encoder per encoding per process; they are costly to build and safe to share. */
export function encoderFor(model: string | null | undefined): Tiktoken {
  const key = model ?? "";
  let name = encodingByModel.get(key);
  if (!name) {
    name = encodingNameFor(model);
    encodingByModel.set(key, name);
  }
  let encoder = encoders.get(name);
  if (!encoder) {
    encoder = get_encoding(name);
    encoders.set(name, encoder);
  }
  return encoder;
}

/**
 * Tokens of `text` in the model's encoding, counted chunk by chunk (see token-chunks.ts) so the cost
 * is linear: a single encode of a long run without spaces is quadratic and blocks the event loop.
 */
export function countTextTokens(text: string, model?: string | null): number {
  if (!text) return 0;
  const encoder = encoderFor(model);
  // Special tokens (`<|endoftext|>`…) count as one token each, as the model's API does. Every one
  // starts with `<|`; without that in the text the plain encoder gives the same count, faster.
  const encode = text.includes(SPECIAL_TOKEN_OPENING)
    ? (chunk: string) => encoder.encode(chunk, "all")
    : (chunk: string) => encoder.encode_ordinary(chunk);
  let total = 0;
  forEachTokenChunk(text, (start, end) => {
    total += encode(text.slice(start, end)).length;
  });
  return total;
}

function nonTextParts(content: MessageContent): number {
  if (!Array.isArray(content)) return 0;
  return content.filter((part) => part.type !== "text").length;
}

/** Tokens one message costs in a request: its text, tool calls, name and framing. */
export function countMessageTokens(message: ChatMessage, model?: string | null): number {
  let text = contentText(message.content);
  if (message.tool_calls?.length) {
    for (const call of message.tool_calls) text += `\n${call.function.name}(${call.function.arguments})`;
  }
  if (message.name) text += `\n${message.name}`;
  if (message.tool_call_id) text += `\n${message.tool_call_id}`;
  return countTextTokens(text, model) + MESSAGE_OVERHEAD_TOKENS + nonTextParts(message.content) * NON_TEXT_PART_TOKENS;
}
