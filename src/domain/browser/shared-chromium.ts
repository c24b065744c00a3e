/**
 * @module shared-chromium
 * One Chromium shared by the sessions that need no browser of their own (no profile, no `cdp_url`): each gets an
 * isolated browser context in it (its own cookies, storage, cache, permissions and downloads), so a session's first
 * browser action waits for a context, not for a Chromium launch, and a live session costs a context, not a process.
 *
 * The guards only the browser as a whole can enforce are set once, on the shared browser's own CDP session, as soon
 * as it is launched and before any session's page exists: downloads denied in every context, `file:` requests failed
 * in every target, pages of forbidden schemes stopped and closed (target-guard). What they catch is told to the
 * session whose context it happened in, never to another; a context no session holds (a warm one, the default one)
 * is told to nobody but the operator's log. Each session's own guards (URL rules on its pages, dialogs, frames) live
 * on its page sessions, as in a browser of its own.
 *
 * A small pool of contexts, each with a blank page, is kept warm (`browser.pool.size`) and refilled in the background
 * after each one is taken. When the shared Chromium goes away, every session on it is told (each recovers on its next
 * action as a session with a browser of its own does) and the next action launches a new one.
 */
import type { Browser, BrowserContext, CDPSession } from "playwright-core";
import type { Logger } from "../../logger.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { headOf } from "../../kernel/text.js";
import { browserMemory, type BrowserMemory } from "./browser-memory.js";
import { applyContextDownloadPolicy, applyDownloadPolicy } from "./download-policy.js";
import { CONTEXT_OPTIONS, launchChromium } from "./launch.js";
import { guardTargets, type BlockedPlace } from "./target-guard.js";
import { withTimeout } from "./targets.js";

const GUARD_SETUP_TIMEOUT_MS = 5_000;
const CONTEXT_OPEN_TIMEOUT_MS = 10_000;
const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;
const BROWSER_CLOSE_TIMEOUT_MS = 5_000;
const LOGGED_URL_CHARS = 200;
/**
 * The pool is topped up this long after the last context was taken, not at once: warming a context starts a renderer,
 * which on a small machine would compete with the page the session that took one is loading right then.
 */
const REFILL_DELAY_MS = 500;

/** What the shared browser tells a session about its own context. */
export type ContextOwner = {
  sessionId: string;
  /** The session's download folder; null denies downloads in its context. */
  downloadsDir: string | null;
  /** Whether the target is the session's supervised page (sent to about:blank when forbidden, never closed). */
  isMain(targetId: string): boolean;
  /** Whether a frame (by id) is one of the session's, for a blocked request the browser places by frame only. */
  ownsFrame(frameId: string): boolean;
  mainForbidden(url: string): void;
  blocked(url: string, what: string): void;
  /** Whether one of the session's pages may go to `url` (its navigation gate). */
  navigationAllowed(url: string): boolean;
  /** The shared Chromium went away. */
  lost(): void;
};

/** A context handed to a session (with the blank page it was warmed with), bound to the launch it lives in. */
export type ContextLease = {
  browser: Browser;
  context: BrowserContext;
  /** Whether it came from the pool of warm contexts. */
  warm: boolean;
  /**
   * Binds the context (by its CDP id) to the session that took it: its downloads, and what the browser-wide guards
   * catch in it.
   */
  adopt(contextId: string, owner: ContextOwner): Promise<void>;
  /** Closes the context; the browser and every other context go on. */
  release(): Promise<void>;
};

export type SharedChromiumDeps = {
  executablePath: () => string;
  headless: boolean;
  allowFileUrls: boolean;
  poolSize: number;
  logger: Logger;
};

/** One launch of the shared Chromium, with the sessions whose contexts live in it. */
type Running = {
  browser: Browser;
  browserSession: CDPSession;
  owners: Map<string, ContextOwner>;
  pool: BrowserContext[];
  gone: boolean;
};

export class SharedChromium {
  /** The browser now running, once its guards are set; a launch under way. */
  private current: Running | null = null;
  private launching: Promise<Running> | null = null;
  private refilling = false;
  private refillTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Sessions holding a context now, and when the last one let go (for closing an unused browser). */
  private lastReleasedAt = Date.now();

  constructor(private readonly deps: SharedChromiumDeps) {}

  /** A context for a session: a warm one when the pool has one, otherwise a new one. Launches the browser if needed. */
  async acquire(): Promise<ContextLease> {
    const running = await this.start();
    const warm = running.pool.shift();
    const context =
      warm ?? (await withTimeout(this.newContext(running), CONTEXT_OPEN_TIMEOUT_MS, "opening a browser context"));
    this.scheduleRefill(running);
    let ownId: string | null = null;
    return {
      browser: running.browser,
      context,
      warm: warm !== undefined,
      adopt: async (contextId, owner) => {
        if (running.gone) throw new Error("the shared browser went away while the context was being set up");
        ownId = contextId;
        running.owners.set(contextId, owner);
        await applyContextDownloadPolicy(running.browserSession, contextId, owner.downloadsDir);
      },
      release: async () => {
        if (ownId) running.owners.delete(ownId);
        if (running.owners.size === 0) this.lastReleasedAt = Date.now();
        await withTimeout(context.close(), CONTEXT_CLOSE_TIMEOUT_MS, "closing a browser context").catch(
          () => undefined,
        );
      },
    };
  }

  /** Whether a shared Chromium runs now. */
  get running(): boolean {
    return this.current !== null;
  }

  /** How many contexts sessions hold, and how many wait warm. */
  counts(): { contexts: number; warm: number } {
    const running = this.current;
    return { contexts: running?.owners.size ?? 0, warm: running?.pool.length ?? 0 };
  }

  /** The shared browser's processes and their memory; null while none runs. */
  async memory(): Promise<BrowserMemory | null> {
    const running = this.current;
    if (!running) return null;
    return browserMemory(running.browserSession).catch(() => ({ pid: null, processes: 0, rss_bytes: null }));
  }

  /** Closes the shared browser when no session has held a context in it for `idleMs`; the next action relaunches. */
  async closeIfUnused(idleMs: number, now: number): Promise<void> {
    const running = this.current;
    if (!running || running.owners.size > 0 || now - this.lastReleasedAt < idleMs) return;
    this.deps.logger.info({ idle_s: Math.round(idleMs / 1000) }, "closing the unused shared browser");
    await this.shutDown(running);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.refillTimer) clearTimeout(this.refillTimer);
    const running = this.current ?? (await this.launching?.catch(() => null));
    if (running) await this.shutDown(running);
  }

  private async shutDown(running: Running): Promise<void> {
    running.gone = true;
    if (this.current === running) this.current = null;
    await withTimeout(running.browser.close(), BROWSER_CLOSE_TIMEOUT_MS, "closing the shared browser").catch(
      () => undefined,
    );
  }

  private start(): Promise<Running> {
    if (this.closed) return Promise.reject(new Error("the server is stopping"));
    if (this.current) return Promise.resolve(this.current);
    if (!this.launching) {
      const launching = this.launch().then(
        (running) => {
          this.launching = null;
          this.current = running;
          this.lastReleasedAt = Date.now();
          return running;
        },
        (error: unknown) => {
          // A failed launch is not kept: the next action tries again.
          this.launching = null;
          throw error;
        },
      );
      this.launching = launching;
    }
    return this.launching;
  }

  private async launch(): Promise<Running> {
    const startedAt = performance.now();
    const executablePath = this.deps.executablePath();
    const browser = await launchChromium(executablePath, this.deps.headless);
    try {
      const browserSession = await withTimeout(
        browser.newBrowserCDPSession(),
        GUARD_SETUP_TIMEOUT_MS,
        "the browser session",
      );
      const running: Running = { browser, browserSession, owners: new Map(), pool: [], gone: false };
      // The guards and the first context (the launching session's) are set up side by side: the context's blank page
      // loads nothing, and no session is handed a context before the guards are in place.
      const downloads = withTimeout(
        applyDownloadPolicy({ browserSession, ownContextId: undefined, downloadsDir: null }),
        GUARD_SETUP_TIMEOUT_MS,
        "the download policy",
      );
      const first = withTimeout(this.newContext(running), CONTEXT_OPEN_TIMEOUT_MS, "opening a browser context");
      const targets = withTimeout(
        guardTargets({
          browserSession,
          allowFileUrls: this.deps.allowFileUrls,
          onlyContextId: null,
          isMain: (targetId) => [...running.owners.values()].some((owner) => owner.isMain(targetId)),
          mainForbidden: (place, url) => this.ownerAt(running, place)?.mainForbidden(url),
          blocked: (url, what, place) => this.blocked(running, place, url, what),
          // A page no session holds yet (a warm context's blank page) goes nowhere the gate would be asked about.
          navigationAllowed: (url, place) => this.ownerAt(running, place)?.navigationAllowed(url) ?? true,
        }),
        GUARD_SETUP_TIMEOUT_MS,
        "target discovery",
      );
      const [, , context] = await Promise.all([downloads, targets, first]);
      running.pool.push(context);
      browser.on("disconnected", () => this.lost(running));
      this.deps.logger.info(
        {
          executable: executablePath,
          headless: this.deps.headless,
          duration_ms: Math.round(performance.now() - startedAt),
        },
        "shared browser launched",
      );
      return running;
    } catch (error) {
      await browser.close().catch(() => undefined);
      throw error;
    }
  }

  /** The session a blocked document belongs to: by its context, or by the frame for a subframe's request. */
  private ownerAt(running: Running, place: BlockedPlace): ContextOwner | undefined {
    if (place.contextId) return running.owners.get(place.contextId);
    const frameId = place.frameId;
    if (!frameId) return undefined;
    return [...running.owners.values()].find((owner) => owner.ownsFrame(frameId));
  }

  private blocked(running: Running, place: BlockedPlace, url: string, what: string): void {
    const owner = this.ownerAt(running, place);
    if (owner) {
      owner.blocked(url, what);
      return;
    }
    // A context no session holds: only the operator hears of it.
    this.deps.logger.info(
      { url: headOf(redactSecrets(url), LOGGED_URL_CHARS) },
      "blocked a forbidden document in the shared browser",
    );
  }

  private async newContext(running: Running): Promise<BrowserContext> {
    const context = await running.browser.newContext(CONTEXT_OPTIONS);
    try {
      await context.newPage();
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
    return context;
  }

  /** Tops the pool up once no context has been taken for a moment (each take restarts the wait). */
  private scheduleRefill(running: Running): void {
    if (this.deps.poolSize === 0) return;
    if (this.refillTimer) clearTimeout(this.refillTimer);
    this.refillTimer = setTimeout(() => {
      this.refillTimer = null;
      void this.refill(running);
    }, REFILL_DELAY_MS);
    this.refillTimer.unref();
  }

  /** Tops the pool up to its size, one context at a time, in the background. */
  private async refill(running: Running): Promise<void> {
    if (this.refilling) return;
    this.refilling = true;
    try {
      while (!running.gone && !this.closed && running.pool.length < this.deps.poolSize) {
        const context = await withTimeout(this.newContext(running), CONTEXT_OPEN_TIMEOUT_MS, "warming a context");
        if (running.gone) await context.close().catch(() => undefined);
        else running.pool.push(context);
      }
    } catch (error) {
      this.deps.logger.debug({ err: error }, "warming a browser context failed");
    } finally {
      this.refilling = false;
    }
  }

  /** The shared Chromium went away: every session on it is told, and the next action launches a new one. */
  private lost(running: Running): void {
    if (running.gone) return;
    running.gone = true;
    running.pool.length = 0;
    if (this.current === running) this.current = null;
    if (!this.closed) this.deps.logger.warn({ sessions: running.owners.size }, "the shared browser went away");
    for (const owner of running.owners.values()) owner.lost();
    running.owners.clear();
  }
}
