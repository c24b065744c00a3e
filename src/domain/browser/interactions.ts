/**
 * @module interactions
 * The page interactions beyond click and type: scroll, history back and forward, key presses, choosing options,
 * hovering, and waiting for text, an element or a while. Each returns as soon as the page opens a dialog (naming
 * it), refuses at once while one is pending, and has a timeout.
 */
import { DomainError } from "../../kernel/errors.js";
import {
  ACTION_TIMEOUT_MS,
  blockedResult,
  locate,
  NAVIGATION_TIMEOUT_MS,
  raceDialog,
  result,
  type ActionResult,
} from "./actions.js";
import type { BrowserSupervisor } from "./supervisor.js";

export type ScrollDirection = "up" | "down" | "left" | "right";
export const SCROLL_DIRECTIONS: readonly ScrollDirection[] = ["up", "down", "left", "right"];
/** A scroll without an amount moves most of a screen, so a little of what was seen stays in view. */
const DEFAULT_SCROLL_PX = 600;
export const MAX_SCROLL_PX = 100_000;
/** The longest browser_wait: a turn must not sit on a page for longer. */
export const MAX_WAIT_MS = 30_000;
const POSITION_TIMEOUT_MS = 1_000;

function requirePage(supervisor: BrowserSupervisor) {
  const page = supervisor.page;
  if (!page) throw new DomainError("browser_unavailable", "the browser has no page; navigate first");
  return page;
}

/** Where the active tab's top frame is scrolled to; null when the page cannot answer (a dialog, a busy script). */
async function scrollPosition(supervisor: BrowserSupervisor): Promise<{ x: number; y: number } | null> {
  const page = supervisor.page;
  if (!page || supervisor.dialogs.hasPending()) return null;
  const raced = await raceDialog(
    supervisor,
    Promise.race([
      page.evaluate(() => ({ x: Math.round(window.scrollX), y: Math.round(window.scrollY) })),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), POSITION_TIMEOUT_MS).unref()),
    ]),
  );
  return raced.done && "value" in raced ? raced.value : null;
}

/** Scrolls the element with `ref` into view, or the page by `amount` pixels in `direction`. */
export async function scroll(
  supervisor: BrowserSupervisor,
  options: { direction?: ScrollDirection; amount?: number; ref?: string },
): Promise<ActionResult & { scroll: { x: number; y: number } | null }> {
  const blocked = blockedResult(supervisor);
  if (blocked) return { ...blocked, scroll: null };
  let raced;
  if (options.ref) {
    const locator = await locate(supervisor, options.ref);
    if (!locator) return { ...blockedResult(supervisor)!, scroll: null };
    raced = await raceDialog(supervisor, locator.scrollIntoViewIfNeeded({ timeout: ACTION_TIMEOUT_MS }));
  } else {
    const page = requirePage(supervisor);
    const amount = options.amount ?? DEFAULT_SCROLL_PX;
    const direction = options.direction ?? "down";
    const dx = direction === "left" ? -amount : direction === "right" ? amount : 0;
    const dy = direction === "up" ? -amount : direction === "down" ? amount : 0;
    raced = await raceDialog(
      supervisor,
      page.evaluate(([x, y]) => window.scrollBy({ left: x, top: y, behavior: "instant" }), [dx, dy] as const),
    );
  }
  const answer = await result(supervisor, raced);
  return { ...answer, scroll: await scrollPosition(supervisor) };
}

/** One step back or forward in the active tab's history; the page being left takes its dialogs with it. */
export async function history(supervisor: BrowserSupervisor, step: "back" | "forward"): Promise<ActionResult> {
  const page = requirePage(supervisor);
  await supervisor.dialogs.closeAll();
  const options = { waitUntil: "load" as const, timeout: NAVIGATION_TIMEOUT_MS };
  const going = step === "back" ? page.goBack(options) : page.goForward(options);
  const raced = await raceDialog(supervisor, going);
  if (raced.done) await supervisor.settleFrames();
  const answer = await result(supervisor, raced);
  if (raced.done && "value" in raced && raced.value === null)
    return { ...answer, ok: false, error: `there is no page to go ${step} to in this tab's history` };
  return answer;
}

/** Presses a key (`Enter`, `Escape`, `ArrowDown`, `Control+a`) on the element with `ref`, or on the page. */
export async function press(supervisor: BrowserSupervisor, key: string, ref?: string): Promise<ActionResult> {
  const blocked = blockedResult(supervisor);
  if (blocked) return blocked;
  if (ref) {
    const locator = await locate(supervisor, ref);
    if (!locator) return blockedResult(supervisor)!;
    return result(supervisor, await raceDialog(supervisor, locator.press(key, { timeout: ACTION_TIMEOUT_MS })));
  }
  return result(supervisor, await raceDialog(supervisor, requirePage(supervisor).keyboard.press(key)));
}

/** Chooses options of a `<select>` by value or label. */
export async function select(
  supervisor: BrowserSupervisor,
  ref: string,
  values: string[],
): Promise<ActionResult & { selected: string[] }> {
  const blocked = blockedResult(supervisor);
  if (blocked) return { ...blocked, selected: [] };
  const locator = await locate(supervisor, ref);
  if (!locator) return { ...blockedResult(supervisor)!, selected: [] };
  const raced = await raceDialog(supervisor, locator.selectOption(values, { timeout: ACTION_TIMEOUT_MS }));
  const answer = await result(supervisor, raced);
  return { ...answer, selected: raced.done && "value" in raced ? raced.value : [] };
}

export async function hover(supervisor: BrowserSupervisor, ref: string): Promise<ActionResult> {
  const blocked = blockedResult(supervisor);
  if (blocked) return blocked;
  const locator = await locate(supervisor, ref);
  if (!locator) return blockedResult(supervisor)!;
  return result(supervisor, await raceDialog(supervisor, locator.hover({ timeout: ACTION_TIMEOUT_MS })));
}

/**
 * Waits until `text` shows on the page or the element with `ref` is visible, at most `time_ms` (bounded by
 * MAX_WAIT_MS); with neither, waits `time_ms`. A dialog ends the wait at once.
 */
export async function wait(
  supervisor: BrowserSupervisor,
  options: { text?: string; ref?: string; timeMs?: number },
): Promise<ActionResult & { found: boolean | null; waited_ms: number }> {
  const started = Date.now();
  const blocked = blockedResult(supervisor);
  if (blocked) return { ...blocked, found: null, waited_ms: 0 };
  const page = requirePage(supervisor);
  const timeout = Math.min(options.timeMs ?? (options.text || options.ref ? 10_000 : 1_000), MAX_WAIT_MS);
  let waiting: Promise<unknown>;
  if (options.text) waiting = page.getByText(options.text).first().waitFor({ state: "visible", timeout });
  else if (options.ref) waiting = page.getByRef(options.ref).waitFor({ state: "visible", timeout });
  else waiting = new Promise((resolve) => setTimeout(resolve, timeout));
  const raced = await raceDialog(supervisor, waiting);
  const waited = Date.now() - started;
  const answer = await result(supervisor, raced);
  if (!options.text && !options.ref) return { ...answer, found: null, waited_ms: waited };
  if (raced.done && !("error" in raced)) return { ...answer, found: true, waited_ms: waited };
  // Not finding it in time (or a dialog opening first) is an answer, not a failure of the tool.
  const { error: _timedOut, ...rest } = answer;
  return { ...rest, ok: true, found: false, waited_ms: waited };
}
