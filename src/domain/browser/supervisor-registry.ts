/**
 * @module supervisor-registry
 * The supervisors of all sessions: started lazily on the first browser action, reused while their endpoint stays
 * the same, replaced when it changes or when the browser died, stopped with the session or on request, and closed
 * after `browser.idle_close_s` without an action (idle-browsers.ts), to reopen on the next one. A session with no
 * profile and no `cdp_url` of its own takes a context in the shared Chromium (shared-chromium.ts) unless the server
 * gives every session a process (`browser.isolation: process`, or a `cdp_allow` that reaches beyond a context).
 */
import type { BrowserConfig, Config } from "../../config/schema.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import type { Logger } from "../../logger.js";
import type { EventBus } from "../events/bus.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import type { DialogHistory } from "./dialog-history.js";
import { assertDownloadsApartFromPlugins, sessionDownloadsDir } from "./download-policy.js";
import { profileDir, profilesRoot } from "./profiles.js";
import { endpointOf, executable } from "./launch.js";
import { takeCensus, type BrowserCensus } from "./browser-census.js";
import { CdpPolicy } from "./cdp-policy.js";
import { IdleBrowsers } from "./idle-browsers.js";
import { NavigationGate } from "./navigation-gate.js";
import { SharedChromium } from "./shared-chromium.js";
import { BrowserSupervisor } from "./supervisor.js";

export type SupervisorRegistryDeps = {
  config: Config;
  store: Store;
  events: EventBus;
  logger: Logger;
  now: () => number;
  dialogHistory: DialogHistory;
};

export class SupervisorRegistry {
  private readonly supervisors = new Map<string, BrowserSupervisor>();
  private readonly starting = new Map<string, Promise<BrowserSupervisor>>();
  /** Which session's browser runs on each named profile: one at a time. */
  private readonly profileHolders = new Map<string, string>();
  /**
   * Each session's browser settings as last read, while it has a browser: its supervisor consults them synchronously
   * (a dialog's policy is decided as the dialog opens). Read again whenever an action makes sure the browser runs and
   * on every change of the session's browser config (rebindIfChanged), so a PATCH applies to the next dialog.
   */
  private readonly currentSettings = new Map<string, BrowserConfig>();
  /** The Chromium whose contexts sessions share; null when every session gets a process of its own. */
  private readonly shared: SharedChromium | null;
  private readonly idle: IdleBrowsers;
  /**
   * Each session's navigation gate, kept apart from its supervisor: the guard arms it before an action that may start
   * the browser, so the first navigation of a browser just started is gated too.
   */
  private readonly gates = new Map<string, NavigationGate>();

  constructor(private readonly deps: SupervisorRegistryDeps) {
    const { browser } = deps.config;
    assertDownloadsApartFromPlugins({
      downloads: browser.downloads,
      databasePath: deps.config.database.path,
      pluginsDir: deps.config.context.plugins_dir,
    });
    const beyondContext = new CdpPolicy(browser.cdp_allow).beyondContextEntries;
    if (browser.isolation === "context" && beyondContext.length > 0)
      deps.logger.warn(
        { entries: beyondContext },
        "browser.cdp_allow allows CDP methods that reach beyond a browser context: every session gets a Chromium " +
          "of its own instead of a context in the shared one",
      );
    this.shared =
      browser.isolation === "context" && beyondContext.length === 0
        ? new SharedChromium({
            executablePath: () => executable(browser),
            headless: browser.headless,
            allowFileUrls: browser.allow_file_urls,
            poolSize: browser.pool.size,
            logger: deps.logger,
          })
        : null;
    this.idle = new IdleBrowsers({
      idleCloseMs: browser.idle_close_s * 1000,
      keepState: browser.idle_keep_state,
      allowFileUrls: browser.allow_file_urls,
      logger: deps.logger,
      supervisors: this.supervisors,
      busy: (sessionId) => this.starting.has(sessionId),
      closed: (sessionId) => {
        this.supervisors.delete(sessionId);
        this.currentSettings.delete(sessionId);
        this.releaseProfile(sessionId);
      },
      sweepShared: (idleMs) =>
        this.shared && this.starting.size === 0 ? this.shared.closeIfUnused(idleMs, Date.now()) : Promise.resolve(),
      sharedRunning: () => this.shared?.running ?? false,
    });
  }

  /**
   * Whether the session's browser is a context of the shared Chromium: no profile and no CDP URL of its own, and the
   * shared Chromium's headless mode.
   */
  private sharedFor(settings: BrowserConfig): SharedChromium | null {
    if (settings.cdp_url || settings.profile || settings.headless !== this.deps.config.browser.headless) return null;
    return this.shared;
  }

  /** The server's browsers, contexts and their memory now (GET /health/detailed). */
  census(): Promise<BrowserCensus> {
    return takeCensus(this.supervisors, this.shared, this.deps.config.browser.pool.size);
  }

  /** The browser settings in force for the session, read from its row. */
  async settingsOf(sessionId: string): Promise<BrowserConfig> {
    const session = await this.deps.store.sessions.get(sessionId);
    if (!session) throw notFound("session", sessionId);
    return this.settingsIn(session);
  }

  /** The browser settings `session` holds, kept for its supervisor when it has one starting or running. */
  private settingsIn(session: SessionRecord): BrowserConfig {
    const settings = resolveSessionSettings(this.deps.config, session).browser;
    if (this.supervisors.has(session.id) || this.starting.has(session.id))
      this.currentSettings.set(session.id, settings);
    return settings;
  }

  /** The session's navigation gate (navigation-gate.ts), made on first use. */
  gateOf(sessionId: string): NavigationGate {
    let gate = this.gates.get(sessionId);
    if (!gate) {
      gate = new NavigationGate();
      this.gates.set(sessionId, gate);
    }
    return gate;
  }

  /** How many sessions have a running browser. */
  get activeCount(): number {
    let active = 0;
    for (const supervisor of this.supervisors.values()) if (supervisor.isActive()) active += 1;
    return active;
  }

  /** The session's live supervisor, if its browser is running. */
  get(sessionId: string): BrowserSupervisor | undefined {
    const supervisor = this.supervisors.get(sessionId);
    return supervisor?.isActive() ? supervisor : undefined;
  }

  /**
   * An action used the session's running browser without starting it (a person's input, a dialog answered): it is not
   * idle. Reading its state (a snapshot, the console) is no use of it.
   */
  used(sessionId: string): void {
    if (this.supervisors.has(sessionId)) this.idle.touch(sessionId);
  }

  /**
   * The running supervisor for the session's current endpoint, started if needed. A browser closed for being idle
   * reopens with the state it kept; `restorePage: false` (an action that loads a page of its own) skips reloading the
   * page it showed.
   */
  async ensure(sessionId: string, options: { restorePage?: boolean } = {}): Promise<BrowserSupervisor> {
    const settings = await this.settingsOf(sessionId);
    this.idle.touch(sessionId);
    const inFlight = this.starting.get(sessionId);
    if (inFlight) return inFlight;
    const existing = this.supervisors.get(sessionId);
    if (existing?.isActive() && existing.endpoint === endpointOf(settings)) return existing;
    const userDataDir = this.claimProfile(sessionId, settings);
    this.currentSettings.set(sessionId, settings);
    const start = (async () => {
      if (existing) {
        this.supervisors.delete(sessionId);
        await existing.stop();
      }
      const { config, events, logger, now, dialogHistory } = this.deps;
      const supervisor = await BrowserSupervisor.start({
        sessionId,
        settings: () => this.currentSettings.get(sessionId) ?? settings,
        publish: (type, data) => void events.publish(sessionId, type, data).catch(() => undefined),
        recordDialog: (dialog, defaultPrompt) =>
          void dialogHistory.record(sessionId, dialog, defaultPrompt).catch(() => undefined),
        logger,
        now,
        // The scheme and download rules come from the server config only: a session must not be able to let its
        // own browser read the server's files or write to its disk.
        allowFileUrls: config.browser.allow_file_urls,
        downloadsDir: config.browser.downloads ? sessionDownloadsDir(config.database.path, sessionId) : null,
        profileDir: userDataDir,
        shared: this.sharedFor(settings),
        navigationGate: this.gateOf(sessionId),
      });
      // The session may have been deleted while its browser started: nothing may keep running for it.
      if (!(await this.deps.store.sessions.get(sessionId))) {
        await supervisor.stop();
        throw notFound("session", sessionId);
      }
      await this.idle.restore(sessionId, supervisor, options.restorePage ?? true);
      this.supervisors.set(sessionId, supervisor);
      this.idle.touch(sessionId);
      return supervisor;
    })();
    this.starting.set(sessionId, start);
    try {
      return await start;
    } catch (error) {
      this.releaseProfile(sessionId);
      throw error;
    } finally {
      this.starting.delete(sessionId);
      if (!this.supervisors.has(sessionId)) this.currentSettings.delete(sessionId);
    }
  }

  /**
   * The user-data directory of the session's profile, held for it; null without a profile. A profile another
   * session's running browser holds is refused (409): two Chromiums cannot share one, and two sessions must not
   * see each other's logins by accident.
   */
  private claimProfile(sessionId: string, settings: BrowserConfig): string | null {
    this.releaseProfile(sessionId);
    const name = settings.profile;
    if (!name) return null;
    if (settings.cdp_url)
      throw new DomainError(
        "validation_failed",
        "browser.profile applies to a browser Caduceus launches; this session attaches to browser.cdp_url, whose " +
          "profile is that browser's own — unset one of them",
        { fields: [{ path: ["config", "browser", "profile"], message: "cannot be used with browser.cdp_url" }] },
      );
    const holder = this.profileHolders.get(name);
    if (holder && holder !== sessionId && (this.supervisors.get(holder)?.isActive() || this.starting.has(holder)))
      throw new DomainError(
        "profile_busy",
        `browser profile ${name} is in use by session ${holder}; one browser runs per profile at a time — stop that ` +
          `session's browser (DELETE /v1/sessions/${holder}/browser) or choose another profile`,
      );
    const dir = profileDir(profilesRoot(this.deps.config.browser.profiles_dir, this.deps.config.database.path), name);
    this.profileHolders.set(name, sessionId);
    return dir;
  }

  private releaseProfile(sessionId: string): void {
    for (const [name, holder] of this.profileHolders) if (holder === sessionId) this.profileHolders.delete(name);
  }

  status(sessionId: string): { active: boolean; url: string | null } | null {
    const supervisor = this.supervisors.get(sessionId);
    if (!supervisor) return null;
    return { active: supervisor.isActive(), url: supervisor.url() };
  }

  /**
   * A supervisor bound to an endpoint the session no longer names is let go now (SPEC §6.1: state never reused across
   * endpoints); one that stays takes the session's new settings. Given the session's row as just written, the
   * supervisor is let go before anything is awaited, so no read that follows sees the old endpoint's browser; without
   * it, the row is read first.
   */
  async rebindIfChanged(sessionId: string, session?: SessionRecord): Promise<void> {
    if (!this.supervisors.has(sessionId)) return;
    const settings = session ? this.settingsIn(session) : await this.settingsOf(sessionId);
    const supervisor = this.supervisors.get(sessionId);
    if (!supervisor || supervisor.endpoint === endpointOf(settings)) return;
    this.supervisors.delete(sessionId);
    await supervisor.stop();
  }

  async stop(sessionId: string): Promise<void> {
    await this.starting.get(sessionId)?.catch(() => undefined);
    const supervisor = this.supervisors.get(sessionId);
    this.supervisors.delete(sessionId);
    if (!this.starting.has(sessionId)) this.currentSettings.delete(sessionId);
    this.idle.forget(sessionId);
    if (!this.starting.has(sessionId) && !this.gates.get(sessionId)?.armed) this.gates.delete(sessionId);
    if (!supervisor) return;
    await supervisor.stop();
    this.releaseProfile(sessionId);
    this.deps.logger.info({ session_id: sessionId }, "browser stopped");
  }

  async stopAll(): Promise<void> {
    this.idle.close();
    await Promise.all([...new Set([...this.supervisors.keys(), ...this.starting.keys()])].map((id) => this.stop(id)));
    await this.shared?.close();
  }
}
