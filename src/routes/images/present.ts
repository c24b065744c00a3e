/**
 * @module present
 * A stored image as the API answers it: its bytes, with the headers that say what they are and that they never change.
 */
import type { StoredImage } from "../shared/records.js";

/** An image never changes under its id; only the client that holds the key may keep a copy. */
const IMAGE_CACHE_CONTROL = "private, max-age=31536000, immutable";

export function presentImage(image: StoredImage): { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  const extension = image.mime_type === "image/png" ? "png" : "jpg";
  return {
    // A Response body takes bytes over a plain ArrayBuffer; a Buffer may sit on a shared one, so it is copied.
    body: new Uint8Array(image.bytes),
    headers: {
      "Content-Type": image.mime_type,
      "Content-Length": String(image.byte_length),
      "Content-Disposition": `inline; filename="${image.id}.${extension}"`,
      "Cache-Control": IMAGE_CACHE_CONTROL,
    },
  };
}
