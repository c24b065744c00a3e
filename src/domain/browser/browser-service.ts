/**
 * @module browser-service
 * What clients and the agent do with a session's browser: read a snapshot, navigate, evaluate, click, type, answer
 * a dialog, send raw CDP. Each operation checks its request against the server's rules (URL schemes, the CDP
 * allowlist) before a browser is started for it, then runs on the session's supervisor.
 */
import type { Config } from "../../config/schema.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import type { Logger } from "../../logger.js";
import type { EventBus } from "../events/bus.js";
import type { ToolDefinition, ToolProvider } from "../shared/tools.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import * as actions from "./actions.js";
import * as interactions from "./interactions.js";
import { applyInput, Takeovers, type PersonInput } from "./person-input.js";
import { screencast, type ScreencastFrame, type ScreencastOptions } from "./screencast.js";
import { screenshot, type Screenshot } from "./screenshots.js";
import { pageImages, type PageImage } from "./page-images.js";
import type { StorageState } from "./storage-state.js";
import { withTimeout } from "./targets.js";
import type { TabView } from "./tabs.js";
import { assertCdpParamsSendable } from "./cdp-params.js";
import { CdpPolicy } from "./cdp-policy.js";
import type { DialogHistory } from "./dialog-history.js";
import { browserAvailable } from "../shared/browser-executable.js";
import type { SupervisorRegistry } from "./supervisor-registry.js";
import { createBrowserTools, type BrowserOperations } from "./tools.js";
import { contentSources } from "./content-sources.js";
import { BrowserGuardFacts } from "./guard-facts.js";
import type { ContentSource } from "../../kernel/provenance.js";
import type { BrowserSnapshot, ConsoleEntry, DialogAction, PendingDialogView } from "../shared/browser-views.js";
import { assertCdpUrlAllowed, assertUrlAllowed } from "./url-policy.js";

export type BrowserServiceDeps = {
  config: Config;
  store: Store;
  logger: Logger;
  now: () => number;
  supervisors: SupervisorRegistry;
  dialogHistory: DialogHistory;
  /** Where take-overs and their releases are announced, on the session's event stream. */
  events: EventBus;
};

const STORAGE_STATE_TIMEOUT_MS = 20_000;

export type TabsAction =
  | { action: "list" }
  | { action: "open"; url?: string }
  | { action: "switch"; tab_id: string }
  | { action: "close"; tab_id: string };

export class BrowserService implements BrowserOperations, ToolProvider {
  private readonly cdpPolicy: CdpPolicy;
  private readonly takeovers: Takeovers;
  /**
   * The browser tools, built once: their definitions (and the JSON Schemas sent to the model, converted from zod) are
   * the same for every session and every turn.
   */
  private tools: ToolDefinition[] | null = null;
  /** What the prompt-injection guard reads of the sessions' browsers (its GuardBrowser port). */
  readonly guardFacts: BrowserGuardFacts;

  constructor(private readonly deps: BrowserServiceDeps) {
    this.guardFacts = new BrowserGuardFacts(deps.supervisors);
    this.takeovers = new Takeovers((sessionId, change, reason) => {
      // Told from a synchronous state change; the bus stores publishes in the order they are asked for, awaited or not.
      void (
        change === "takeover"
          ? deps.events.publish(sessionId, "browser.takeover", {
              tab_id: deps.supervisors.get(sessionId)?.tabs.active?.id ?? null,
            })
          : deps.events.publish(sessionId, "browser.released", { reason: reason === "idle" ? "idle" : "release" })
      ).catch((err: unknown) =>
        deps.logger.warn({ err, session_id: sessionId }, "the browser take-over event was not stored"),
      );
    });
    this.cdpPolicy = new CdpPolicy(deps.config.browser.cdp_allow);
    if (this.cdpPolicy.ignoredEntries.length > 0) {
      deps.logger.warn(
        { entries: this.cdpPolicy.ignoredEntries },
        'browser.cdp_allow entries that are neither "Domain.method" nor "Domain.*" allow nothing',
      );
    }
    if (this.cdpPolicy.guardBreakingEntries.length > 0) {
      deps.logger.warn(
        { entries: this.cdpPolicy.guardBreakingEntries },
        "browser.cdp_allow allows CDP methods that get around the browser's guards: on this server the file:// " +
          "and download guarantees no longer hold (raw CDP can read the server's files and write anywhere on its disk)",
      );
    }
  }

  private async requireSession(sessionId: string): Promise<SessionRecord> {
    const session = await this.deps.store.sessions.get(sessionId);
    if (!session) throw notFound("session", sessionId);
    return session;
  }

  async snapshot(sessionId: string): Promise<BrowserSnapshot> {
    await this.requireSession(sessionId);
    const recent = await this.deps.dialogHistory.recent(sessionId);
    const supervisor = this.deps.supervisors.get(sessionId);
    if (!supervisor) {
      return {
        active: false,
        url: null,
        title: null,
        pending_dialogs: [],
        recent_dialogs: recent,
        frame_tree: { top: null, children: [], truncated: false },
        console: [],
        active_tab_id: null,
        tabs: [],
        taken_over: false,
      };
    }
    return {
      active: true,
      url: supervisor.url(),
      title: supervisor.cachedTitle(),
      pending_dialogs: supervisor.pendingDialogs(),
      recent_dialogs: recent,
      frame_tree: supervisor.frames.tree(),
      console: supervisor.console(),
      active_tab_id: supervisor.tabs.active?.id ?? null,
      tabs: supervisor.tabViews(),
      taken_over: this.takeovers.active(sessionId),
    };
  }

  /** Answers a pending dialog of the session's browser on behalf of `by` (the agent's tool, or a person or client). */
  async respond(
    sessionId: string,
    action: DialogAction,
    promptText: string | undefined,
    dialogId: string | undefined,
    by: "agent" | "user",
  ): Promise<{ ok: true; dialog: PendingDialogView }> {
    await this.requireSession(sessionId);
    const supervisor = this.deps.supervisors.get(sessionId);
    if (!supervisor) throw new DomainError("no_dialog_open", "no dialog is open: the session has no running browser");
    this.deps.supervisors.used(sessionId);
    return { ok: true, dialog: await supervisor.dialogs.respond(action, promptText, dialogId, by) };
  }

  /**
   * Navigates for a client of the API: a page that could not be loaded (a network error, a timeout, a redirect the
   * browser refused) is `navigation_failed`, naming the URL asked for, the error and where the page stayed; the
   * agent's tool gets the same outcome as a result instead (navigate).
   */
  async navigateOrFail(sessionId: string, url: string): Promise<actions.ActionResult> {
    const result = await this.navigate(sessionId, url);
    if (result.ok || !result.error) return result;
    throw new DomainError(
      "navigation_failed",
      `could not load ${url}: ${result.error}; the page showed ${result.url ?? "nothing"} when it failed`,
      { details: { requested_url: url, url: result.url, navigation_error: result.error } },
    );
  }

  async navigate(sessionId: string, url: string): Promise<actions.ActionResult> {
    await this.requireSession(sessionId);
    assertUrlAllowed(url, this.deps.config.browser.allow_file_urls);
    // A browser reopening after an idle close need not reload the page it showed: this loads another.
    const supervisor = await this.deps.supervisors.ensure(sessionId, { restorePage: false });
    const result = await actions.navigate(supervisor, url);
    await this.rememberUrl(sessionId, result.url);
    return result;
  }

  async evaluate(sessionId: string, expression: string, frameId?: string): Promise<actions.EvaluateResult> {
    return actions.evaluate(await this.deps.supervisors.ensure(sessionId), expression, frameId);
  }

  /**
   * Raw CDP, checked before a browser is started for it: the method is on the allowlist, the params
   * can be sent, and a URL it loads is allowed.
   */
  async cdp(
    sessionId: string,
    method: string,
    params: Record<string, unknown>,
    options: { frameId?: string; timeoutMs?: number } = {},
  ): Promise<actions.CdpResult> {
    await this.requireSession(sessionId);
    this.cdpPolicy.assertAllowed(method);
    assertCdpParamsSendable(params);
    assertCdpUrlAllowed(method, params, this.deps.config.browser.allow_file_urls);
    return actions.cdp(await this.deps.supervisors.ensure(sessionId), method, params, options);
  }

  async click(sessionId: string, ref: string): Promise<actions.ActionResult> {
    return actions.click(await this.deps.supervisors.ensure(sessionId), ref);
  }

  async type(sessionId: string, ref: string, text: string, submit: boolean): Promise<actions.ActionResult> {
    return actions.type(await this.deps.supervisors.ensure(sessionId), ref, text, submit);
  }

  async scroll(
    sessionId: string,
    options: { direction?: interactions.ScrollDirection; amount?: number; ref?: string },
  ): Promise<actions.ActionResult> {
    return interactions.scroll(await this.deps.supervisors.ensure(sessionId), options);
  }

  async history(sessionId: string, step: "back" | "forward"): Promise<actions.ActionResult> {
    const result = await interactions.history(await this.deps.supervisors.ensure(sessionId), step);
    await this.rememberUrl(sessionId, result.url);
    return result;
  }

  async press(sessionId: string, key: string, ref?: string): Promise<actions.ActionResult> {
    return interactions.press(await this.deps.supervisors.ensure(sessionId), key, ref);
  }

  async select(sessionId: string, ref: string, values: string[]): Promise<actions.ActionResult> {
    return interactions.select(await this.deps.supervisors.ensure(sessionId), ref, values);
  }

  async hover(sessionId: string, ref: string): Promise<actions.ActionResult> {
    return interactions.hover(await this.deps.supervisors.ensure(sessionId), ref);
  }

  async wait(
    sessionId: string,
    options: { text?: string; ref?: string; timeMs?: number },
  ): Promise<actions.ActionResult> {
    return interactions.wait(await this.deps.supervisors.ensure(sessionId), options);
  }

  /** A PNG of the active tab (viewport, whole page, one element or one frame); starts the browser if needed. */
  async screenshot(
    sessionId: string,
    options: { fullPage?: boolean; ref?: string; frameId?: string } = {},
  ): Promise<Screenshot & { url: string | null; title: string | null }> {
    await this.requireSession(sessionId);
    const supervisor = await this.deps.supervisors.ensure(sessionId);
    const shot = await screenshot(supervisor, options);
    return { ...shot, url: supervisor.url(), title: await supervisor.currentTitle() };
  }

  /** The screenshot with what a model that cannot see images reads instead: title, URL and an outline excerpt. */
  async screenshotWithText(
    sessionId: string,
    options: { fullPage?: boolean; ref?: string },
  ): Promise<Screenshot & { url: string | null; title: string | null; outline: string | null }> {
    const shot = await this.screenshot(sessionId, options);
    const outline = await actions.outline(await this.deps.supervisors.ensure(sessionId));
    return { ...shot, outline };
  }

  /** The console of every tab (newest last), optionally one level only; `clear` empties it after reading. */
  async console(sessionId: string, options: { level?: string; clear?: boolean }): Promise<ConsoleEntry[]> {
    await this.requireSession(sessionId);
    const supervisor = this.deps.supervisors.get(sessionId);
    if (!supervisor) return [];
    const entries = supervisor.console().filter((entry) => !options.level || entry.level === options.level);
    if (options.clear) supervisor.clearConsole();
    return entries;
  }

  async images(sessionId: string): Promise<{ url: string | null; images: PageImage[]; truncated: boolean }> {
    const supervisor = await this.deps.supervisors.ensure(sessionId);
    return { url: supervisor.url(), ...(await pageImages(supervisor)) };
  }

  /** Lists, opens (optionally at a URL), switches to or closes a tab; answers with the tabs as they are then. */
  async tabs(
    sessionId: string,
    request: TabsAction,
  ): Promise<{ ok: boolean; active_tab_id: string | null; tabs: TabView[]; navigation?: actions.ActionResult }> {
    await this.requireSession(sessionId);
    if (request.action === "open" && request.url)
      assertUrlAllowed(request.url, this.deps.config.browser.allow_file_urls);
    const supervisor = await this.deps.supervisors.ensure(sessionId);
    let navigation: actions.ActionResult | undefined;
    if (request.action === "open") {
      await supervisor.openTab();
      if (request.url) navigation = await actions.navigate(supervisor, request.url);
    } else if (request.action === "switch") await supervisor.switchTab(request.tab_id);
    else if (request.action === "close") await supervisor.closeTab(request.tab_id);
    if (navigation) await this.rememberUrl(sessionId, navigation.url);
    return {
      ok: navigation?.ok ?? true,
      active_tab_id: supervisor.tabs.active?.id ?? null,
      tabs: supervisor.tabViews(),
      ...(navigation ? { navigation } : {}),
    };
  }

  /** Live JPEG frames of the active tab until `signal` aborts; the browser must be running. */
  async screencast(
    sessionId: string,
    options: ScreencastOptions,
    signal: AbortSignal,
  ): Promise<AsyncGenerator<ScreencastFrame>> {
    await this.requireSession(sessionId);
    const supervisor = this.deps.supervisors.get(sessionId);
    if (!supervisor)
      throw new DomainError("browser_unavailable", "the session's browser is not running; navigate to start it");
    return screencast(supervisor, options, signal);
  }

  /** A person's input on the active tab; the first one takes the browser over from the agent. */
  async input(sessionId: string, input: PersonInput): Promise<actions.ActionResult & { taken_over: boolean }> {
    await this.requireSession(sessionId);
    const takeover = this.takeovers.of(sessionId);
    if (input.type === "release") {
      takeover.release("release");
      const supervisor = this.deps.supervisors.get(sessionId);
      return {
        ok: true,
        url: supervisor?.url() ?? null,
        title: supervisor ? await supervisor.currentTitle() : null,
        pending_dialogs: supervisor?.pendingDialogs() ?? [],
        taken_over: false,
      };
    }
    const supervisor = this.deps.supervisors.get(sessionId);
    if (!supervisor)
      throw new DomainError("browser_unavailable", "the session's browser is not running; navigate to start it");
    takeover.touch(this.deps.now());
    this.deps.supervisors.used(sessionId);
    const result = await applyInput(supervisor, input);
    return { ...result, taken_over: takeover.active };
  }

  /** Where a browser tool's result came from: the page, frames, dialogs and consoles of the browser as it is now. */
  contentSources(sessionId: string, data: unknown): Promise<ContentSource[]> {
    return contentSources(this.deps.supervisors.get(sessionId), data);
  }

  /** Refuses the agent's browser actions while a person holds the browser. */
  assertAgentMayAct(sessionId: string): void {
    this.takeovers.assertAgentMayAct(sessionId);
  }

  /** Cookies and local storage of the session's browser, in Playwright's storage-state shape. */
  async storageState(sessionId: string): Promise<StorageState> {
    await this.requireSession(sessionId);
    const supervisor = await this.deps.supervisors.ensure(sessionId);
    const context = supervisor.context;
    if (!context) throw new DomainError("browser_unavailable", "the browser has no context; retry");
    const state = await withTimeout(context.storageState(), STORAGE_STATE_TIMEOUT_MS, "reading the storage state");
    return {
      cookies: state.cookies,
      origins: state.origins.map((o) => ({ origin: o.origin, localStorage: o.localStorage })),
    };
  }

  /** Replaces the browser's cookies and local storage with `state` (what GET /storage-state gave, or a file of it). */
  async setStorageState(sessionId: string, state: StorageState): Promise<StorageState> {
    await this.requireSession(sessionId);
    const supervisor = await this.deps.supervisors.ensure(sessionId);
    const context = supervisor.context;
    if (!context) throw new DomainError("browser_unavailable", "the browser has no context; retry");
    // Always an object: given a string, playwright-core would read a file of the server's by that name.
    await withTimeout(
      context.setStorageState({ cookies: state.cookies, origins: state.origins }),
      STORAGE_STATE_TIMEOUT_MS,
      "writing the storage state",
    );
    return this.storageState(sessionId);
  }

  /** Stops the session's browser; nothing to do when none runs. A take-over ends with it. */
  async stop(sessionId: string): Promise<void> {
    await this.requireSession(sessionId);
    this.takeovers.release(sessionId);
    await this.deps.supervisors.stop(sessionId);
  }

  /** The snapshot plus the accessibility outline (null while a dialog blocks the page). */
  async snapshotWithOutline(sessionId: string): Promise<BrowserSnapshot & { outline: string | null }> {
    const supervisor = await this.deps.supervisors.ensure(sessionId);
    const outline = await actions.outline(supervisor);
    return { ...(await this.snapshot(sessionId)), outline };
  }

  /** Remembers the page the session last showed, so the session view keeps it after the browser stops. */
  private async rememberUrl(sessionId: string, url: string | null): Promise<void> {
    if (url) await this.deps.store.sessions.update(sessionId, { browser_url: url }, this.deps.now());
  }

  /** The browser tools, offered when the session can have a browser: a CDP URL or a Chromium to launch. */
  toolsFor(session: SessionRecord): ToolDefinition[] {
    const settings = resolveSessionSettings(this.deps.config, session).browser;
    if (!browserAvailable(settings)) return [];
    this.tools ??= createBrowserTools(this);
    return this.tools;
  }
}
