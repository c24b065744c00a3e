/**
 * @module tokens
 * Token counts with tiktoken, in the model's encoding (o200k_base for a model it does not know): of a text, in
 * linear time, and of a message as a request carries it, with an estimate for each image it references.
 */
import { get_encoding, encoding_for_model, type Tiktoken, type TiktokenEncoding, type TiktokenModel } from "tiktoken";
import { forEachTokenChunk } from "./token-chunks.js";
import type { ChatMessage, MessageContent } from "../../kernel/chat.js";
import { isImageRef } from "../../kernel/image-refs.js";
import { contentText } from "../../kernel/text.js";

const DEFAULT_ENCODING: TiktokenEncoding = "o200k_base";
/** OpenAI's accounting: every message costs a few tokens of framing beyond its text. */
const MESSAGE_OVERHEAD_TOKENS = 4;
/** A rough fixed cost for a non-text part of unknown size (a client's image_url) so it is not counted as free. */
const NON_TEXT_PART_TOKENS = 85;

/**
 * OpenAI's accounting of an image at high detail, the one estimate used for every model: 85 tokens, plus 170 per
 * 512-pixel tile of the image once it is scaled to fit in 2048×2048 and then to a shortest side of at most 768.
 */
export const IMAGE_BASE_TOKENS = 85;
export const IMAGE_TILE_TOKENS = 170;
const IMAGE_TILE_PX = 512;
const IMAGE_MAX_SIDE_PX = 2048;
const IMAGE_SHORT_SIDE_PX = 768;
/** An image whose size its header does not give is counted as a 1024×1024 one (4 tiles). */
const UNKNOWN_IMAGE_SIDE_PX = 1024;

/** Tokens an image of this size costs a vision model (the tile estimate above). */
export function imageTokens(width: number | null, height: number | null): number {
  let w = width && width > 0 ? width : UNKNOWN_IMAGE_SIDE_PX;
  let h = height && height > 0 ? height : UNKNOWN_IMAGE_SIDE_PX;
  const fit = Math.min(1, IMAGE_MAX_SIDE_PX / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shrink = Math.min(1, IMAGE_SHORT_SIDE_PX / Math.min(w, h));
  w *= shrink;
  h *= shrink;
  return IMAGE_BASE_TOKENS + IMAGE_TILE_TOKENS * Math.ceil(w / IMAGE_TILE_PX) * Math.ceil(h / IMAGE_TILE_PX);
}

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

/** The parts that are not text: a referenced image by its size, anything else at a fixed cost. */
function nonTextTokens(content: MessageContent): number {
  if (!Array.isArray(content)) return 0;
  let total = 0;
  for (const part of content) {
    if (part.type === "text") continue;
    total += isImageRef(part) ? imageTokens(part.width, part.height) : NON_TEXT_PART_TOKENS;
  }
  return total;
}

/** Tokens one message costs in a request: its text, tool calls, name, framing and images. */
export function countMessageTokens(message: ChatMessage, model?: string | null): number {
  let text = contentText(message.content);
  if (message.tool_calls?.length) {
    for (const call of message.tool_calls) text += `\n${call.function.name}(${call.function.arguments})`;
  }
  if (message.name) text += `\n${message.name}`;
  if (message.tool_call_id) text += `\n${message.tool_call_id}`;
  return countTextTokens(text, model) + MESSAGE_OVERHEAD_TOKENS + nonTextTokens(message.content);
}
