/**
 * @module screenshots
 * Pictures of the active tab: the viewport, the whole page, one element by outline ref, or one frame (an
 * out-of-process iframe included) by its CDP frame id. Taken over CDP on the tab's own session, so a page busy with
 * a script does not hold them up; while a dialog blocks the page they are refused at once, naming it.
 */
import { DomainError } from "../../kernel/errors.js";
import { ACTION_TIMEOUT_MS, locate, raceDialog, type Raced } from "./actions.js";
import type { TargetSession } from "./frames.js";
import type { BrowserSupervisor } from "./supervisor.js";
import { withTimeout } from "./targets.js";
import { isDocumentUrlAllowed, schemeOf } from "./url-policy.js";

const CAPTURE_TIMEOUT_MS = 15_000;
/** A full-page picture taller than this is cut: Chromium cannot encode much more, and no model reads it. */
const MAX_FULL_PAGE_PX = 16_384;

export type Screenshot = { png: Buffer; width: number; height: number };

type Clip = { x: number; y: number; width: number; height: number; scale: number };
type LayoutMetrics = {
  cssVisualViewport: { pageX: number; pageY: number; clientWidth: number; clientHeight: number };
  cssContentSize: { width: number; height: number };
};

function refuseWhileBlocked(supervisor: BrowserSupervisor): void {
  const pending = supervisor.pendingDialogs();
  if (pending.length === 0) return;
  throw new DomainError(
    "page_blocked_by_dialog",
    `the page is blocked by dialog ${pending.map((d) => d.id).join(", ")}; answer it first, then take the screenshot`,
    { details: { pending_dialogs: pending } },
  );
}

/** What a capture raced against dialogs gave: its value, or the dialog (or failure) that stopped it. */
function settled<T>(supervisor: BrowserSupervisor, raced: Raced<T>, what: string): T {
  if (!raced.done) {
    refuseWhileBlocked(supervisor);
    throw new DomainError("page_blocked_by_dialog", `${what} opened a dialog; answer it, then take the screenshot`);
  }
  if ("error" in raced)
    throw new DomainError("browser_timeout", `${what} could not be captured: ${raced.error.message.split("\n")[0]}`);
  return raced.value;
}

/** The width and height a PNG's header declares. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24) return { width: 0, height: 0 };
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Chromium answers "Unable to capture screenshot" while the page has no compositor frame yet (just after a
 * navigation commits, or while a busy machine has not drawn it): the capture is asked again after these pauses.
 */
const NO_FRAME_RETRY_PAUSES_MS = [25, 50, 100, 200, 400, 800];

async function captureOn(session: TargetSession, clip: Clip | null, beyondViewport: boolean): Promise<Screenshot> {
  const deadline = Date.now() + CAPTURE_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const { data } = await withTimeout(
        session.cdp.send("Page.captureScreenshot", {
          format: "png",
          ...(clip ? { clip } : {}),
          captureBeyondViewport: beyondViewport,
        }),
        Math.max(1, deadline - Date.now()),
        "Page.captureScreenshot",
      );
      const png = Buffer.from(data, "base64");
      return { png, ...pngSize(png) };
    } catch (error) {
      const pause = NO_FRAME_RETRY_PAUSES_MS[attempt];
      const noFrame = error instanceof Error && error.message.includes("Unable to capture screenshot");
      if (!noFrame || pause === undefined || Date.now() + pause >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Where a frame's `<iframe>` element sits in the top frame's viewport: its box in the parent document (asked of the
 * session that renders the parent), plus the parent's own offset, up to the top.
 */
async function frameOffset(supervisor: BrowserSupervisor, frameId: string): Promise<Clip> {
  const frame = supervisor.frames.get(frameId);
  if (!frame)
    throw new DomainError(
      "frame_not_found",
      `frame ${frameId} is not in the frame tree; read frame_tree in GET /snapshot`,
    );
  if (!frame.parent_frame_id) {
    const metrics = await layoutMetrics(supervisor.topSession());
    return {
      x: 0,
      y: 0,
      width: metrics.cssVisualViewport.clientWidth,
      height: metrics.cssVisualViewport.clientHeight,
      scale: 1,
    };
  }
  const parent = supervisor.frames.get(frame.parent_frame_id);
  if (!parent) throw new DomainError("frame_not_found", `the parent of frame ${frameId} is not in the frame tree`);
  const send = <T>(method: string, params: object) =>
    withTimeout(
      parent.owner.cdp.send(method as "DOM.getFrameOwner", params as never),
      ACTION_TIMEOUT_MS,
      method,
    ) as Promise<T>;
  const { backendNodeId } = await send<{ backendNodeId: number }>("DOM.getFrameOwner", { frameId });
  const { model } = await send<{ model: { content: number[]; width: number; height: number } }>("DOM.getBoxModel", {
    backendNodeId,
  });
  const above = parent.parent_frame_id ? await frameOffset(supervisor, parent.frame_id) : { x: 0, y: 0 };
  return {
    x: above.x + model.content[0],
    y: above.y + model.content[1],
    width: model.width,
    height: model.height,
    scale: 1,
  };
}

async function layoutMetrics(session: TargetSession): Promise<LayoutMetrics> {
  return await withTimeout(session.cdp.send("Page.getLayoutMetrics"), ACTION_TIMEOUT_MS, "Page.getLayoutMetrics");
}

/** A PNG of the active tab: the viewport, the whole page, the element with `ref`, or the frame with `frameId`. */
export async function screenshot(
  supervisor: BrowserSupervisor,
  options: { fullPage?: boolean; ref?: string; frameId?: string } = {},
): Promise<Screenshot> {
  refuseWhileBlocked(supervisor);
  const session = supervisor.topSession();
  const top = supervisor.frames.top();
  if (top && !isDocumentUrlAllowed(top.url, supervisor.allowFileUrls))
    throw new DomainError(
      "url_not_allowed",
      `the page shows a ${schemeOf(top.url)} document, which this browser does not allow; navigate to an http(s) page`,
    );
  if (options.ref) {
    const locator = await locate(supervisor, options.ref);
    if (!locator)
      return settled(supervisor, { done: false, dialog: supervisor.pendingDialogs()[0] }, "looking up the element");
    const capture = locator.screenshot({ type: "png", timeout: CAPTURE_TIMEOUT_MS });
    const png = settled(supervisor, await raceDialog(supervisor, capture), `the element ${options.ref}`);
    return { png, ...pngSize(png) };
  }
  if (options.frameId && options.frameId !== top?.frame_id) {
    const box = await frameOffset(supervisor, options.frameId);
    const metrics = await layoutMetrics(session);
    const clip = {
      ...box,
      x: box.x + metrics.cssVisualViewport.pageX,
      y: box.y + metrics.cssVisualViewport.pageY,
    };
    if (clip.width < 1 || clip.height < 1)
      throw new DomainError("validation_failed", `frame ${options.frameId} has no visible area to capture`);
    return captureOn(session, clip, true);
  }
  if (options.fullPage) {
    const metrics = await layoutMetrics(session);
    const width = Math.ceil(metrics.cssContentSize.width);
    const height = Math.min(Math.ceil(metrics.cssContentSize.height), MAX_FULL_PAGE_PX);
    return captureOn(session, { x: 0, y: 0, width, height, scale: 1 }, true);
  }
  return settled(supervisor, await raceDialog(supervisor, captureOn(session, null, false)), "the viewport");
}
