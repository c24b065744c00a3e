/**
 * @module browser-source
 * Where one session's browser comes from and how it is let go: a context of the shared Chromium (closed, the browser
 * going on for the other sessions), a Chromium launched for the session (closed), a named profile's Chromium (asked
 * to write its state, then ended) or a browser someone else runs at a CDP URL (left running).
 */
import type { Browser, BrowserContext } from "playwright-core";
import type { BrowserConfig } from "../../config/schema.js";
import type { Logger } from "../../logger.js";
import type { EventPayload } from "../events/event-types.js";
import { openBrowser } from "./launch.js";
import type { ProfileBrowser } from "./profiles.js";
import type { ContextLease, SharedChromium } from "./shared-chromium.js";
import { withTimeout } from "./targets.js";

const STOP_TIMEOUT_MS = 5_000;

/** Where a session's browser lives: a context of the shared Chromium, or a process of its own. */
export type BrowserKind = "shared" | "launched" | "profile" | "connected";

export type BrowserSourceDeps = {
  sessionId: string;
  logger: Logger;
  /** The user-data directory of the session's `browser.profile`; null runs a fresh profile that nothing keeps. */
  profileDir: string | null;
  /** The shared Chromium to take a context in; null: the session's browser is a process of its own. */
  shared: SharedChromium | null;
  starting(data: EventPayload<"browser.starting">): void;
};

export class BrowserSource {
  readonly kind: BrowserKind;
  browser: Browser | null = null;
  /** The context this session holds in the shared Chromium. */
  lease: ContextLease | null = null;
  /** The Chromium process of a named profile, which the supervisor started and must end. */
  private profileBrowser: ProfileBrowser | null = null;

  constructor(
    private readonly deps: BrowserSourceDeps,
    settings: BrowserConfig,
  ) {
    this.kind = deps.shared ? "shared" : settings.cdp_url ? "connected" : deps.profileDir ? "profile" : "launched";
  }

  /** The session's browser and the context its pages live in. */
  async open(settings: BrowserConfig): Promise<{ browser: Browser; context: BrowserContext }> {
    if (this.deps.shared) {
      const startedAt = performance.now();
      this.deps.starting({ mode: "context", endpoint_kind: "shared_chromium" });
      const lease = await this.deps.shared.acquire();
      this.lease = lease;
      this.browser = lease.browser;
      this.deps.logger.info(
        { session_id: this.deps.sessionId, warm: lease.warm, duration_ms: Math.round(performance.now() - startedAt) },
        "browser context opened",
      );
      return lease;
    }
    return openBrowser(settings, this.deps, (part) => {
      if (part.profileBrowser) this.profileBrowser = part.profileBrowser;
      if (part.browser) this.browser = part.browser;
    });
  }

  /** Lets the browser go, waiting (bounded) until it has. */
  async close(): Promise<void> {
    if (this.kind === "shared") {
      await this.releaseContext();
      return;
    }
    await this.closeProfileBrowser();
    if (this.browser) await withTimeout(this.browser.close(), STOP_TIMEOUT_MS, "browser.close").catch(() => undefined);
  }

  /** Lets go of a browser that went away or whose page crashed, without waiting. */
  abandon(): void {
    if (this.kind === "shared") {
      // A crashed page takes only this session's context; the shared browser goes on for the others.
      void this.releaseContext().catch(() => undefined);
      return;
    }
    void this.closeProfileBrowser().catch(() => undefined);
    if (this.browser?.isConnected())
      void withTimeout(this.browser.close(), STOP_TIMEOUT_MS, "browser.close").catch(() => undefined);
  }

  /** Closes the session's context in the shared Chromium (once). */
  private async releaseContext(): Promise<void> {
    const lease = this.lease;
    this.lease = null;
    await lease?.release();
  }

  /**
   * A profile's Chromium is asked to close over CDP first, so it writes its cookies and storage to the profile's
   * folder, then its process is ended.
   */
  private async closeProfileBrowser(): Promise<void> {
    const profile = this.profileBrowser;
    if (!profile) return;
    this.profileBrowser = null;
    const browser = this.browser;
    if (browser?.isConnected()) {
      const session = await withTimeout(browser.newBrowserCDPSession(), STOP_TIMEOUT_MS, "the browser session").catch(
        () => null,
      );
      // The answer may never come (the connection goes down with the browser): the process exiting is the answer.
      void session?.send("Browser.close").catch(() => undefined);
    }
    await profile.stop();
  }
}
