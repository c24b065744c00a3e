/**
 * @module image-header
 * What an image's first bytes say: whether it is a PNG or a JPEG, and its size in pixels (the PNG IHDR chunk, the
 * JPEG start-of-frame segment). Nothing is decoded; a header that does not say leaves the size unknown.
 */
import type { ImageMimeType } from "../../kernel/image-refs.js";

export type ImageHeader = { mime_type: ImageMimeType; width: number | null; height: number | null };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The IHDR chunk follows the signature: length (4), "IHDR" (4), width (4), height (4), big-endian. */
const PNG_IHDR_TYPE_OFFSET = 12;
const PNG_WIDTH_OFFSET = 16;
const PNG_HEIGHT_OFFSET = 20;

const JPEG_START = 0xd8;
const JPEG_MARKER = 0xff;
/** Start-of-frame markers C0–CF carry the size, except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
/** Markers that stand alone, with no length after them: TEM, RST0–7, SOI, EOI. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

function pngHeader(data: Buffer): ImageHeader {
  const sized = data.length >= PNG_HEIGHT_OFFSET + 4 && data.toString("latin1", PNG_IHDR_TYPE_OFFSET, 16) === "IHDR";
  return {
    mime_type: "image/png",
    width: sized ? data.readUInt32BE(PNG_WIDTH_OFFSET) || null : null,
    height: sized ? data.readUInt32BE(PNG_HEIGHT_OFFSET) || null : null,
  };
}

function jpegHeader(data: Buffer): ImageHeader {
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== JPEG_MARKER) break;
    const marker = data[offset + 1];
    if (marker === JPEG_MARKER) {
      offset += 1; // fill byte
      continue;
    }
    if (isStandalone(marker)) {
      offset += 2;
      continue;
    }
    if (isStartOfFrame(marker) && offset + 9 <= data.length) {
      const height = data.readUInt16BE(offset + 5);
      const width = data.readUInt16BE(offset + 7);
      return { mime_type: "image/jpeg", width: width || null, height: height || null };
    }
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  return { mime_type: "image/jpeg", width: null, height: null };
}

/** The image's type and size from its own bytes, or null when they are neither a PNG nor a JPEG. */
export function readImageHeader(data: Buffer): ImageHeader | null {
  if (data.length > PNG_SIGNATURE.length && data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
    return pngHeader(data);
  if (data.length > 3 && data[0] === JPEG_MARKER && data[1] === JPEG_START && data[2] === JPEG_MARKER)
    return jpegHeader(data);
  return null;
}
