/**
 * @module idle-browsers
 * Closing the browsers no one uses: a session's browser that no action touched for `browser.idle_close_s` is closed
 * (`browser.disconnected` with `idle_closed`), unless a dialog waits in it, a live view watches it or it is starting.
 * With `browser.idle_keep_state` its cookies and local storage (a profile keeps them in its folder anyway) and the page
 * it showed are kept in memory and given back when the next action reopens it. A browser someone else runs
 * (`cdp_url`) costs the server nothing and is left open. The shared Chromium itself is closed once no session has held
 * a context in it for as long.
 */
import type { Logger } from "../../logger.js";
import type { StorageState } from "./storage-state.js";
import type { BrowserSupervisor } from "./supervisor.js";
import { withTimeout } from "./targets.js";
import { isDocumentUrlAllowed } from "./url-policy.js";

/** The sweep runs at half the idle time, at least this often and at most this often. */
const SWEEP_MIN_MS = 250;
const SWEEP_MAX_MS = 30_000;
const STATE_TIMEOUT_MS = 10_000;
const RESTORE_PAGE_TIMEOUT_MS = 15_000;

/** What an idle browser left behind for its reopening. */
type KeptBrowser = { state: StorageState | null; url: string | null };

export type IdleBrowsersDeps = {
  /** `browser.idle_close_s` in ms; 0 never closes a browser. */
  idleCloseMs: number;
  keepState: boolean;
  allowFileUrls: boolean;
  logger: Logger;
  supervisors: ReadonlyMap<string, BrowserSupervisor>;
  /** Whether a browser is starting for the session (it is not idle then). */
  busy(sessionId: string): boolean;
  /** The session's browser was closed for being idle: its supervisor is let go. */
  closed(sessionId: string): void;
  /** Closes the shared Chromium when no session has used it for `idleMs`. */
  sweepShared(idleMs: number): Promise<void>;
  /** Whether the shared Chromium runs (a sweep is still due to close it once unused). */
  sharedRunning(): boolean;
};

export class IdleBrowsers {
  private readonly lastUsed = new Map<string, number>();
  private readonly kept = new Map<string, KeptBrowser>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: IdleBrowsersDeps) {}

  /** An action used the session's browser now. */
  touch(sessionId: string): void {
    this.lastUsed.set(sessionId, Date.now());
    this.schedule();
  }

  /** The session's browser was stopped on purpose (or the session deleted): nothing is kept for it. */
  forget(sessionId: string): void {
    this.lastUsed.delete(sessionId);
    this.kept.delete(sessionId);
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Gives a browser that reopens what it kept when it was closed for being idle: storage first, then its page. */
  async restore(sessionId: string, supervisor: BrowserSupervisor, restorePage: boolean): Promise<void> {
    const kept = this.kept.get(sessionId);
    if (!kept) return;
    this.kept.delete(sessionId);
    const { context, page } = supervisor;
    if (kept.state && context)
      await withTimeout(context.setStorageState(kept.state), STATE_TIMEOUT_MS, "restoring the storage state").catch(
        (error: unknown) => this.deps.logger.warn({ err: error, session_id: sessionId }, "storage state not restored"),
      );
    if (restorePage && kept.url && page && isDocumentUrlAllowed(kept.url, this.deps.allowFileUrls))
      await withTimeout(page.goto(kept.url), RESTORE_PAGE_TIMEOUT_MS, "reopening the page").catch(() => undefined);
  }

  private schedule(): void {
    if (this.deps.idleCloseMs === 0 || this.timer || this.stopped) return;
    const delay = Math.min(Math.max(this.deps.idleCloseMs / 2, SWEEP_MIN_MS), SWEEP_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.sweep()
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, "closing idle browsers failed"))
        .finally(() => {
          // Another round while any browser (or the shared Chromium) may still be left to close.
          if (this.deps.supervisors.size > 0 || this.deps.sharedRunning()) this.schedule();
        });
    }, delay);
    this.timer.unref();
  }

  private async sweep(): Promise<void> {
    const idleMs = this.deps.idleCloseMs;
    for (const [sessionId, supervisor] of this.deps.supervisors) {
      const lastUsed = this.lastUsed.get(sessionId) ?? Date.now();
      if (this.stopped || Date.now() - lastUsed < idleMs || !this.closable(sessionId, supervisor)) continue;
      await this.closeIdle(sessionId, supervisor, lastUsed);
    }
    if (!this.stopped) await this.deps.sweepShared(idleMs);
    // Sessions without a browser no longer need their last use remembered.
    for (const sessionId of this.lastUsed.keys())
      if (!this.deps.supervisors.has(sessionId) && !this.deps.busy(sessionId)) this.lastUsed.delete(sessionId);
  }

  private closable(sessionId: string, supervisor: BrowserSupervisor): boolean {
    return (
      supervisor.isActive() &&
      supervisor.kind !== "connected" &&
      !supervisor.viewers.watching &&
      supervisor.pendingDialogs().length === 0 &&
      !this.deps.busy(sessionId)
    );
  }

  private async closeIdle(sessionId: string, supervisor: BrowserSupervisor, lastUsed: number): Promise<void> {
    let kept: KeptBrowser | null = null;
    if (this.deps.keepState) {
      const context = supervisor.context;
      const state =
        supervisor.kind === "profile" || !context
          ? null
          : await withTimeout(context.storageState(), STATE_TIMEOUT_MS, "reading the storage state").catch(() => null);
      const url = supervisor.url();
      kept = {
        state: state ? { cookies: state.cookies, origins: state.origins } : null,
        url: url && url !== "about:blank" ? url : null,
      };
    }
    // An action that came while the state was read keeps the browser open.
    if (this.lastUsed.get(sessionId) !== lastUsed || this.deps.supervisors.get(sessionId) !== supervisor) return;
    if (kept) this.kept.set(sessionId, kept);
    this.deps.closed(sessionId);
    await supervisor.closeIdle();
  }
}
