/**
 * @module person-input
 * A person at the controls of a session's browser, for a login or a CAPTCHA: clicks at viewport coordinates (as the
 * live view shows them), typed text, key presses and wheel scrolls on the active tab. The first input takes the
 * browser over (`browser.takeover`): until it is released (`browser.released`, by a `release` input or after a
 * quiet spell) the agent's browser actions are refused with `browser_taken_over`, so the two never fight over the
 * page.
 */
import { DomainError } from "../../kernel/errors.js";
import { ACTION_TIMEOUT_MS, blockedResult, raceDialog, result, type ActionResult } from "./actions.js";
import type { BrowserSupervisor } from "./supervisor.js";
import { withTimeout } from "./targets.js";

export type PersonInput =
  | { type: "click"; x: number; y: number; button?: "left" | "right" | "middle"; click_count?: number }
  | { type: "type"; text: string }
  | { type: "key"; key: string }
  | { type: "scroll"; dx: number; dy: number }
  | { type: "release" };

/** Without input for this long, a take-over ends by itself and the agent may act again. */
export const TAKEOVER_IDLE_MS = 120_000;

/** Who holds a session's browser: the agent, or a person since `since`. */
export class TakeoverState {
  private since: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly changed: (state: "takeover" | "released", reason: "input" | "release" | "idle") => void,
    private readonly idleMs = TAKEOVER_IDLE_MS,
  ) {}

  get active(): boolean {
    return this.since !== null;
  }

  /** A person's input: takes the browser over (once) and restarts the quiet-spell timer. */
  touch(now: number): void {
    if (this.since === null) {
      this.since = now;
      this.changed("takeover", "input");
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.release("idle"), this.idleMs);
    this.timer.unref();
  }

  release(reason: "release" | "idle"): boolean {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.since === null) return false;
    this.since = null;
    this.changed("released", reason);
    return true;
  }

  /** The agent may act unless a person holds the browser. */
  assertAgentMayAct(): void {
    if (this.since === null) return;
    throw new DomainError(
      "browser_taken_over",
      "a person has taken over this browser (for a login or a CAPTCHA); wait, then take a new browser_snapshot — " +
        "the browser is handed back when they release it",
    );
  }
}

/** Who holds each session's browser, announced through `changed` when it passes between the agent and a person. */
export class Takeovers {
  private readonly bySession = new Map<string, TakeoverState>();

  constructor(
    private readonly changed: (
      sessionId: string,
      state: "takeover" | "released",
      reason: "input" | "release" | "idle",
    ) => void,
  ) {}

  of(sessionId: string): TakeoverState {
    let state = this.bySession.get(sessionId);
    if (!state) {
      state = new TakeoverState((change, reason) => this.changed(sessionId, change, reason));
      this.bySession.set(sessionId, state);
    }
    return state;
  }

  active(sessionId: string): boolean {
    return this.bySession.get(sessionId)?.active ?? false;
  }

  assertAgentMayAct(sessionId: string): void {
    this.bySession.get(sessionId)?.assertAgentMayAct();
  }

  release(sessionId: string): void {
    this.bySession.get(sessionId)?.release("release");
  }
}

/** Applies one input to the active tab; returns at once if it opens a dialog, refuses while one is pending. */
export async function applyInput(supervisor: BrowserSupervisor, input: PersonInput): Promise<ActionResult> {
  const page = supervisor.page;
  if (!page) throw new DomainError("browser_unavailable", "the browser has no page; navigate first");
  const blocked = blockedResult(supervisor);
  if (blocked) return blocked;
  let action: Promise<unknown>;
  switch (input.type) {
    case "click":
      action = page.mouse.click(input.x, input.y, {
        button: input.button ?? "left",
        clickCount: input.click_count ?? 1,
      });
      break;
    case "type":
      action = page.keyboard.insertText(input.text);
      break;
    case "key":
      action = page.keyboard.press(input.key);
      break;
    case "scroll":
      action = (async () => {
        // The wheel turns over the middle of the viewport, where a person scrolling the live view points.
        const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
        await page.mouse.move(viewport.width / 2, viewport.height / 2);
        await page.mouse.wheel(input.dx, input.dy);
      })();
      break;
    default:
      return result(supervisor, { done: true, value: null });
  }
  return result(
    supervisor,
    await raceDialog(supervisor, withTimeout(action, ACTION_TIMEOUT_MS, `the ${input.type} input`)),
  );
}
