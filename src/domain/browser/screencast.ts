/**
 * @module screencast
 * A live view of the active tab for a person: CDP `Page.startScreencast` on a CDP session of its own per viewer, so
 * viewers come and go without disturbing the supervisor's session or each other. Each frame is acknowledged when the
 * viewer takes it (Chromium sends the next one only then, so a slow viewer slows its own stream, nothing else); only
 * the newest unread frame is kept; leaving stops the screencast and detaches.
 */
import type { CDPSession } from "playwright-core";
import { DomainError } from "../../kernel/errors.js";
import type { BrowserSupervisor } from "./supervisor.js";
import { withTimeout } from "./targets.js";

export type ScreencastOptions = { quality: number; maxWidth: number; maxHeight: number };

/** One frame: a JPEG and what it shows (CSS pixel size of the viewport, scroll offset, when it was painted). */
export type ScreencastFrame = {
  jpeg: Buffer;
  metadata: {
    device_width: number;
    device_height: number;
    page_scale_factor: number;
    offset_top: number;
    scroll_offset_x: number;
    scroll_offset_y: number;
    timestamp: number | null;
  };
};

type CdpScreencastFrame = {
  data: string;
  sessionId: number;
  metadata: {
    deviceWidth: number;
    deviceHeight: number;
    pageScaleFactor: number;
    offsetTop: number;
    scrollOffsetX: number;
    scrollOffsetY: number;
    timestamp?: number;
  };
};

const START_TIMEOUT_MS = 5_000;

/**
 * Frames of the active tab until `signal` aborts or the tab goes away. The first frame comes once Chromium paints;
 * a page that does not change sends nothing more until it does.
 */
export async function* screencast(
  supervisor: BrowserSupervisor,
  options: ScreencastOptions,
  signal: AbortSignal,
): AsyncGenerator<ScreencastFrame> {
  const page = supervisor.page;
  const context = supervisor.context;
  if (!page || !context) throw new DomainError("browser_unavailable", "the browser has no page; navigate first");
  const cdp: CDPSession = await withTimeout(context.newCDPSession(page), START_TIMEOUT_MS, "the screencast session");
  let latest: CdpScreencastFrame | null = null;
  let wake: (() => void) | null = null;
  let ended = false;
  const nudge = () => {
    wake?.();
    wake = null;
  };
  const end = () => {
    ended = true;
    nudge();
  };
  cdp.on("Page.screencastFrame", (frame) => {
    const previous = latest;
    latest = frame;
    // A frame the viewer never took is replaced by the newer one; Chromium still needs it acknowledged.
    if (previous) void cdp.send("Page.screencastFrameAck", { sessionId: previous.sessionId }).catch(() => undefined);
    nudge();
  });
  page.once("close", end);
  signal.addEventListener("abort", end, { once: true });
  // A browser someone watches is in use, however long no action comes (idle-browsers).
  const unwatch = supervisor.viewers.add();
  try {
    await withTimeout(
      cdp.send("Page.startScreencast", {
        format: "jpeg",
        quality: options.quality,
        maxWidth: options.maxWidth,
        maxHeight: options.maxHeight,
      }),
      START_TIMEOUT_MS,
      "Page.startScreencast",
    );
    while (!ended && !signal.aborted) {
      if (!latest) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const frame: CdpScreencastFrame = latest;
      latest = null;
      void cdp.send("Page.screencastFrameAck", { sessionId: frame.sessionId }).catch(() => undefined);
      const m = frame.metadata;
      yield {
        jpeg: Buffer.from(frame.data, "base64"),
        metadata: {
          device_width: m.deviceWidth,
          device_height: m.deviceHeight,
          page_scale_factor: m.pageScaleFactor,
          offset_top: m.offsetTop,
          scroll_offset_x: m.scrollOffsetX,
          scroll_offset_y: m.scrollOffsetY,
          timestamp: m.timestamp ?? null,
        },
      };
    }
  } finally {
    unwatch();
    page.off("close", end);
    signal.removeEventListener("abort", end);
    await withTimeout(cdp.send("Page.stopScreencast"), START_TIMEOUT_MS, "Page.stopScreencast").catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}
