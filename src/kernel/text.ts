/**
 * @module text
 * Text helpers every layer uses: cutting on character boundaries, and the text of a message's content.
 */
import type { MessageContent } from "./chat.js";

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** At most the first `max` UTF-16 units of `text`, never ending inside a surrogate pair (an emoji cut in half is invalid text to a strict JSON parser). */
export function headOf(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max);
}

/** At most the last `max` UTF-16 units of `text`, never starting inside a surrogate pair. */
export function tailOf(text: string, max: number): string {
  if (text.length <= max) return text;
  const start = text.length - max;
  return text.slice(isLowSurrogate(text.charCodeAt(start)) ? start + 1 : start);
}

/** The text of a message's content: the string, or its text parts joined by newlines (images and other parts left out). */
export function contentText(content: MessageContent): string {
  if (content === null) return "";
  if (typeof content === "string") return content;
  return content
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .filter(Boolean)
    .join("\n");
}
