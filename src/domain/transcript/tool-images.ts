/**
 * @module tool-images
 * The images a tool hands back, made ready to store: each checked from its own bytes (a PNG or a JPEG, within the
 * size and count limits), given an id and the reference part its tool row carries; one that fails is left out, and
 * the row's text says which and why.
 */
import type { NewImage } from "../../db/records.js";
import { newId } from "../../kernel/ids.js";
import type { ImageRefPart } from "../../kernel/image-refs.js";
import { readImageHeader } from "./image-header.js";

/** An image as a tool returns it; its declared type is checked against its bytes. */
export type ToolImageInput = { mime_type: string; data: Buffer };

/** Images kept per tool result; a tool that returns more has the rest left out. */
export const MAX_IMAGES_PER_RESULT = 8;
/** Bytes of one image: a full-page screenshot fits, a runaway buffer does not reach the database. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type PreparedImages = {
  images: NewImage[];
  refs: ImageRefPart[];
  /** One line per image left out, for the row's text. */
  notes: string[];
};

export function prepareToolImages(inputs: readonly ToolImageInput[], now: number): PreparedImages {
  const prepared: PreparedImages = { images: [], refs: [], notes: [] };
  for (const [index, input] of inputs.entries()) {
    const which = `image ${index + 1} of this result`;
    if (prepared.images.length >= MAX_IMAGES_PER_RESULT) {
      prepared.notes.push(`[${which} was not stored: at most ${MAX_IMAGES_PER_RESULT} images are kept per result]`);
      continue;
    }
    if (input.data.length > MAX_IMAGE_BYTES) {
      prepared.notes.push(`[${which} was not stored: ${input.data.length} bytes, over ${MAX_IMAGE_BYTES}]`);
      continue;
    }
    const header = readImageHeader(input.data);
    if (!header) {
      prepared.notes.push(`[${which} was not stored: its bytes are not a PNG or JPEG image]`);
      continue;
    }
    // The bytes decide the type: a tool that labels a JPEG image/png still gets it served as what it is.
    const image: NewImage = {
      id: newId("img", now),
      ordinal: prepared.images.length,
      mime_type: header.mime_type,
      bytes: input.data,
      width: header.width,
      height: header.height,
    };
    prepared.images.push(image);
    prepared.refs.push({
      type: "image",
      image_id: image.id,
      mime_type: image.mime_type,
      width: image.width,
      height: image.height,
      byte_length: image.bytes.length,
    });
  }
  return prepared;
}
