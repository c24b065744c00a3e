/**
 * @module page-images
 * The images of the active tab's top document — `<img>` elements with their source, alt text and rendered size —
 * read in the page's main world, bounded in count, and returned at once if the page opens a dialog.
 */
import { evaluate } from "./actions.js";
import type { BrowserSupervisor } from "./supervisor.js";

export type PageImage = { src: string; alt: string; width: number; height: number };

/** At most this many images are listed; a gallery page has thousands and no model needs them all. */
export const PAGE_IMAGES_MAX = 100;
const SRC_MAX_CHARS = 2_000;

const LIST_IMAGES = `(() => {
  const all = Array.from(document.images);
  return {
    total: all.length,
    images: all.slice(0, ${PAGE_IMAGES_MAX}).map((img) => ({
      src: String(img.currentSrc || img.src || "").slice(0, ${SRC_MAX_CHARS}),
      alt: String(img.alt || ""),
      width: img.width,
      height: img.height,
    })),
  };
})()`;

export async function pageImages(
  supervisor: BrowserSupervisor,
): Promise<{ images: PageImage[]; truncated: boolean; error?: string }> {
  const result = await evaluate(supervisor, LIST_IMAGES);
  if (!result.ok) return { images: [], truncated: false, error: result.error };
  const value = result.result as { total: number; images: PageImage[] };
  return { images: value.images, truncated: value.total > value.images.length };
}
