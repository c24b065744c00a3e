/**
 * @module image-refs
 * The content part that stands for an image a tool returned: the bytes are stored once beside the transcript, the
 * tool row's content carries only this reference next to its text (which is what a model without vision reads).
 */
import type { ContentPart, MessageContent } from "./chat.js";

/** Image types tools may hand back. */
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg"] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** A stored image, referenced from a tool row: `GET /v1/sessions/{id}/images/{image_id}` serves its bytes. */
export type ImageRefPart = {
  type: "image";
  image_id: string;
  mime_type: ImageMimeType;
  /** Pixels, read from the PNG or JPEG header; null when the header does not say. */
  width: number | null;
  height: number | null;
  byte_length: number;
};

export function isImageRef(part: ContentPart): part is ImageRefPart {
  return part.type === "image" && typeof part.image_id === "string";
}

/** The image references of a content, in order (none for a string or null). */
export function imageRefsOf(content: MessageContent): ImageRefPart[] {
  return Array.isArray(content) ? content.filter(isImageRef) : [];
}

/** `image/png 1280x720`, or the type alone when the size is not known. */
export function describeImage(ref: Pick<ImageRefPart, "mime_type" | "width" | "height">): string {
  return ref.width && ref.height ? `${ref.mime_type} ${ref.width}x${ref.height}` : ref.mime_type;
}
