/**
 * @module tool-images-view
 * How the images tools returned are shown in a request. A tool row references its images by `image` parts; OpenAI
 * chat tool messages carry text only, so for a model with vision the newest images (at most VISION_MAX_IMAGES) go in
 * one `user` message of `image_url` parts right after the tool results of their turn — merged into the user message
 * that follows, if one does, so two user messages never stand in a row — and older ones become a one-line stub in
 * their tool row's text. A model without vision gets each tool row's text alone.
 */
import type { ImageRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ChatMessage, ContentPart } from "../../kernel/chat.js";
import { describeImage, imageRefsOf, isImageRef, type ImageRefPart } from "../../kernel/image-refs.js";
import { contentText } from "../../kernel/text.js";

/** Images a request carries at most: the newest; each costs about a thousand tokens and older ones are seldom needed. */
export const VISION_MAX_IMAGES = 3;

/** The one line an image not shown stands as: its id, its row, its type and size, where a client reads it. */
export function imageStub(ref: Pick<ImageRefPart, "image_id" | "mime_type" | "width" | "height">, seq: number | null) {
  const row = seq === null ? "" : ` of seq ${seq}`;
  return `[image ${ref.image_id}${row} moved out of the context: ${describeImage(ref)}; GET …/images/${ref.image_id}]`;
}

export type ImageShowing = {
  /** Whether the model is shown images at all. */
  vision: boolean;
  maxImages: number;
  /** The records of those of `ids` that are images of the session. */
  describe(ids: string[]): Map<string, ImageRecord>;
  /** Where the image is shown from (its bytes as a data: URL for a model); null when it cannot be read. */
  urlOf(image: ImageRecord): string | null;
};

type Hoisted = { image: ImageRecord; url: string; tool: string | undefined };

const missingStub = (ref: ImageRefPart) => `[image ${ref.image_id}: not stored in this session]`;

/** The ids of the images the messages reference, each once. */
function referencedImageIds(messages: ChatMessage[]): string[] {
  return [...new Set(messages.flatMap((message) => imageRefsOf(message.content).map((ref) => ref.image_id)))];
}

/** The images shown as images (the others stand as a line): the newest of the tool rows' stored ones, with vision. */
function newestShown(
  messages: ChatMessage[],
  records: Map<string, ImageRecord>,
  showing: Pick<ImageShowing, "vision" | "maxImages">,
): Set<string> {
  if (!showing.vision) return new Set();
  const toolImageIds = messages
    .filter((message) => message.role === "tool")
    .flatMap((message) => imageRefsOf(message.content).map((ref) => ref.image_id))
    .filter((id) => records.has(id));
  return new Set(toolImageIds.slice(-showing.maxImages));
}

/** The messages with every image part resolved as described above; the same array when none references an image. */
export function showToolImages(messages: ChatMessage[], showing: ImageShowing): ChatMessage[] {
  const ids = referencedImageIds(messages);
  if (ids.length === 0) return messages;
  const records = showing.describe(ids);
  const newest = newestShown(messages, records, showing);
  /** How one reference is shown: its image's URL when it is among the newest, else the line that stands for it. */
  const resolve = (ref: ImageRefPart): { url: string; image: ImageRecord } | { line: string | null } => {
    const image = records.get(ref.image_id);
    if (!image) return { line: missingStub(ref) };
    if (!showing.vision) return { line: null };
    const url = newest.has(ref.image_id) ? showing.urlOf(image) : null;
    return url === null ? { line: imageStub(ref, image.seq) } : { url, image };
  };
  const out: ChatMessage[] = [];
  let hoisted: Hoisted[] = [];
  /**
   * Pushes `next` (a message that is not a tool result, or nothing at the end) after the images of the tool results
   * just passed: as a user message of their own, or at the head of `next` when it is a user message.
   */
  const pushAfterHoisted = (next: ChatMessage | null): void => {
    const parts = hoisted.flatMap(({ image, url, tool }): ContentPart[] => [
      {
        type: "text",
        text: `Image ${image.id} returned by ${tool ?? "a tool"} (seq ${image.seq}, ${describeImage(image)}):`,
      },
      { type: "image_url", image_url: { url } },
    ]);
    hoisted = [];
    if (parts.length && next?.role === "user") {
      const own = typeof next.content === "string" ? [{ type: "text", text: next.content }] : (next.content ?? []);
      out.push({ ...next, content: [...parts, ...own] });
      return;
    }
    if (parts.length) out.push({ role: "user", content: parts });
    if (next) out.push(next);
  };
  for (const message of messages) {
    const refs = imageRefsOf(message.content);
    if (message.role === "tool") {
      if (refs.length === 0) {
        out.push(message);
        continue;
      }
      const lines = [contentText(message.content)];
      for (const ref of refs) {
        const shown = resolve(ref);
        if ("url" in shown) {
          lines.push(`[image ${ref.image_id} (${describeImage(ref)}): shown after the tool results]`);
          hoisted.push({ ...shown, tool: message.name });
        } else if (shown.line) lines.push(shown.line);
      }
      out.push({ ...message, content: lines.filter(Boolean).join("\n") });
      continue;
    }
    // Only tool rows reference images (clients cannot post such parts); a row of another role that does (from a
    // plugin engine) has each reference stand as its stub, since not every role may carry an image.
    const resolved: ChatMessage =
      refs.length && Array.isArray(message.content)
        ? {
            ...message,
            content: message.content.map((part): ContentPart => {
              if (!isImageRef(part)) return part;
              const image = records.get(part.image_id);
              return { type: "text", text: image ? imageStub(part, image.seq) : missingStub(part) };
            }),
          }
        : message;
    pushAfterHoisted(resolved);
  }
  pushAfterHoisted(null);
  return out;
}

/** The image parts of a session's context resolved against its stored images: for the model, or for a client to read. */
export class ToolImagesView {
  constructor(private readonly store: Store) {}

  /** As the model is sent them: the newest images as base64 data: URLs. */
  async forModel(sessionId: string, vision: boolean, messages: ChatMessage[]): Promise<ChatMessage[]> {
    const ids = referencedImageIds(messages);
    if (ids.length === 0) return messages;
    const records = await this.store.images.describe(sessionId, ids);
    // Read before the messages are resolved, which is synchronous; only the images shown are read with their bytes.
    const urls = new Map<string, string | null>();
    for (const id of newestShown(messages, records, { vision, maxImages: VISION_MAX_IMAGES })) {
      const stored = await this.store.images.get(sessionId, id);
      urls.set(id, stored ? `data:${stored.mime_type};base64,${stored.bytes.toString("base64")}` : null);
    }
    return showToolImages(messages, {
      vision,
      maxImages: VISION_MAX_IMAGES,
      describe: () => records,
      urlOf: (image) => urls.get(image.id) ?? null,
    });
  }

  /** The same messages with each shown image at the route that serves it instead of its bytes (GET /context). */
  async forClient(sessionId: string, vision: boolean, messages: ChatMessage[]): Promise<ChatMessage[]> {
    const ids = referencedImageIds(messages);
    if (ids.length === 0) return messages;
    const records = await this.store.images.describe(sessionId, ids);
    return showToolImages(messages, {
      vision,
      maxImages: VISION_MAX_IMAGES,
      describe: () => records,
      urlOf: (image) => `/v1/sessions/${sessionId}/images/${image.id}`,
    });
  }
}
