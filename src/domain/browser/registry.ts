import type { Config } from "../../config.js";
import type { Store } from "../../db/store.js";
import type { Logger } from "../../logger.js";
import type { ToolDefinition, ToolProvider } from "../agent/tools.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import type { EventBus } from "../events/bus.js";
import { findBrowserExecutable } from "./executable.js";
import type { BrowserStatusSource } from "../sessions/service.js";
import { resolveSessionSettings } from "../sessions/settings.js";
import * as actions from "./actions.js";
import { assertCdpParamsSendable } from "./cdp-params.js";
import { CdpPolicy } from "./cdp-policy.js";
import { assertDownloadsApartFromPlugins, sessionDownloadsDir } from "./download-policy.js";
import { BrowserSupervisor, endpointOf } from "./supervisor.js";
import { createBrowserTools } from "./tools.js";
import {
  RECENT_DIALOGS_MAX,
  type BrowserSnapshot,
  type ClosedBy,
  type ClosedDialogView,
  type DialogAction,
  type DialogType,
  type PendingDialogView,
} from "./types.js";
import { assertCdpUrlAllowed, assertUrlAllowed } from "./url-policy.js";
import type { SessionRecord } from "../../db/records.js";

export type BrowserRegistryDeps = { config: Config; store: Store; events: EventBus; logger: Logger; now: () => number };

/**
 * The supervisors of all sessions: started lazily on the first browser action, reused while their
 * endpoint stays the same, replaced when it changes or when the browser died, stopped with the
 * session or on request.
 */
export class BrowserRegistry implements BrowserStatusSource, ToolProvider {
  private readonly supervisors = new Map<string, BrowserSupervisor>();
  private readonly starting = new Map<string, Promise<BrowserSupervisor>>();
  private readonly cdpPolicy: CdpPolicy;

  constructor(private readonly deps: BrowserRegistryDeps) {
    assertDownloadsApartFromPlugins({
      downloads: deps.config.browser.downloads,
      databasePath: deps.config.database.path,
      pluginsDir: deps.config.context.plugins_dir,
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

  /**
   * The scheme and download rules come from the server config only: a session must not be able to
   * let its own browser read the server's files or write to its disk.
   */
  private get allowFileUrls(): boolean {
    return this.deps.config.browser.allow_file_urls;
  }

  private downloadsDirOf(sessionId: string): string | null {
    return this.deps.config.browser.downloads ? sessionDownloadsDir(this.deps.config.database.path, sessionId) : null;
  }

  private session(sessionId: string): SessionRecord {
    const session = this.deps.store.sessions.get(sessionId);
    if (!session) throw notFound("session", sessionId);
    return session;
  }

  private settingsOf(sessionId: string) {
    return resolveSessionSettings(this.deps.config, this.session(sessionId)).browser;
  }

  /** The session's live supervisor, if its browser is running. */
  get(sessionId: string): BrowserSupervisor | undefined {
    const supervisor = this.supervisors.get(sessionId);
    return supervisor?.isActive() ? supervisor : undefined;
  }

  /** The running supervisor for the session's current endpoint, started if needed. */
  async ensure(sessionId: string): Promise<BrowserSupervisor> {
    const settings = this.settingsOf(sessionId);
    const inFlight = this.starting.get(sessionId);
    if (inFlight) return inFlight;
    const existing = this.supervisors.get(sessionId);
    if (existing?.isActive() && existing.endpoint === endpointOf(settings)) return existing;
    const start = (async () => {
      if (existing) {
        this.supervisors.delete(sessionId);
        await existing.stop();
      }
      const supervisor = await BrowserSupervisor.start({
        sessionId,
        settings: () => this.settingsOf(sessionId),
        publish: (type, data) => this.deps.events.publish(sessionId, type, data),
        recordDialog: (dialog, defaultPrompt) => this.recordDialog(sessionId, dialog, defaultPrompt),
        logger: this.deps.logger,
        now: this.deps.now,
        allowFileUrls: this.allowFileUrls,
        downloadsDir: this.downloadsDirOf(sessionId),
      });
      // The session may have been deleted while its browser started: nothing may keep running for it.
      if (!this.deps.store.sessions.get(sessionId)) {
        await supervisor.stop();
        throw notFound("session", sessionId);
      }
      this.supervisors.set(sessionId, supervisor);
      return supervisor;
    })();
    this.starting.set(sessionId, start);
    try {
      return await start;
    } finally {
      this.starting.delete(sessionId);
    }
  }

  status(sessionId: string): { active: boolean; url: string | null } | null {
    const supervisor = this.supervisors.get(sessionId);
    if (!supervisor) return null;
    return { active: supervisor.isActive(), url: supervisor.url() };
  }

  /** A supervisor bound to an endpoint the session no longer names is let go now (SPEC §6.1: state never reused across endpoints). */
  rebindIfChanged(sessionId: string): Promise<void> {
    const supervisor = this.supervisors.get(sessionId);
    if (!supervisor || supervisor.endpoint === endpointOf(this.settingsOf(sessionId))) return Promise.resolve();
    this.supervisors.delete(sessionId);
    return supervisor.stop();
  }

  async stop(sessionId: string): Promise<void> {
    await this.starting.get(sessionId)?.catch(() => undefined);
    const supervisor = this.supervisors.get(sessionId);
    this.supervisors.delete(sessionId);
    await supervisor?.stop();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...new Set([...this.supervisors.keys(), ...this.starting.keys()])].map((id) => this.stop(id)));
  }

  recentDialogs(sessionId: string): ClosedDialogView[] {
    return this.deps.store.dialogs.recent(sessionId, RECENT_DIALOGS_MAX).map((row) => ({
      id: row.dialog_id,
      type: row.type as DialogType,
      message: row.message,
      opened_at: new Date(row.opened_at).toISOString(),
      closed_at: new Date(row.closed_at).toISOString(),
      closed_by: row.closed_by as ClosedBy,
      frame_id: row.frame_id,
      action: (row.action as DialogAction | null) ?? null,
    }));
  }

  async snapshot(sessionId: string): Promise<BrowserSnapshot> {
    this.session(sessionId);
    const recent = this.recentDialogs(sessionId);
    const supervisor = this.get(sessionId);
    if (!supervisor) {
      return {
        active: false,
        url: null,
        title: null,
        pending_dialogs: [],
        recent_dialogs: recent,
        frame_tree: { top: null, children: [], truncated: false },
        console: [],
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
    };
  }

  async respond(
    sessionId: string,
    action: DialogAction,
    promptText?: string,
    dialogId?: string,
  ): Promise<{ ok: true; dialog: PendingDialogView }> {
    this.session(sessionId);
    const supervisor = this.get(sessionId);
    if (!supervisor) throw new DomainError("no_dialog_open", "no dialog is open: the session has no running browser");
    return { ok: true, dialog: await supervisor.dialogs.respond(action, promptText, dialogId) };
  }

  async navigate(sessionId: string, url: string): Promise<actions.ActionResult> {
    this.session(sessionId);
    assertUrlAllowed(url, this.allowFileUrls);
    const supervisor = await this.ensure(sessionId);
    const result = await actions.navigate(supervisor, url);
    this.rememberUrl(sessionId, result.url);
    return result;
  }

  async evaluate(sessionId: string, expression: string, frameId?: string): Promise<actions.EvaluateResult> {
    return actions.evaluate(await this.ensure(sessionId), expression, frameId);
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
    this.session(sessionId);
    this.cdpPolicy.assertAllowed(method);
    assertCdpParamsSendable(params);
    assertCdpUrlAllowed(method, params, this.allowFileUrls);
    return actions.cdp(await this.ensure(sessionId), method, params, options);
  }

  async click(sessionId: string, ref: string): Promise<actions.ActionResult> {
    return actions.click(await this.ensure(sessionId), ref);
  }

  async type(sessionId: string, ref: string, text: string, submit: boolean): Promise<actions.ActionResult> {
    return actions.type(await this.ensure(sessionId), ref, text, submit);
  }

  /** The snapshot plus the accessibility outline (null while a dialog blocks the page). */
  async snapshotWithOutline(sessionId: string): Promise<BrowserSnapshot & { outline: string | null }> {
    const supervisor = await this.ensure(sessionId);
    const outline = await actions.outline(supervisor);
    return { ...(await this.snapshot(sessionId)), outline };
  }

  /** Remembers the page the session last showed, so the session view keeps it after the browser stops. */
  rememberUrl(sessionId: string, url: string | null): void {
    if (url) this.deps.store.sessions.update(sessionId, { browser_url: url }, this.deps.now());
  }

  /** The browser tools, offered when the session can have a browser: a CDP URL or a Chromium to launch. */
  toolsFor(session: SessionRecord): ToolDefinition[] {
    const settings = resolveSessionSettings(this.deps.config, session).browser;
    if (!settings.cdp_url && !findBrowserExecutable(settings.executable_path)) return [];
    return createBrowserTools(this);
  }

  private recordDialog(sessionId: string, dialog: ClosedDialogView, defaultPrompt: string): void {
    try {
      this.deps.store.dialogs.insert({
        session_id: sessionId,
        dialog_id: dialog.id,
        type: dialog.type,
        message: dialog.message,
        default_prompt: defaultPrompt,
        frame_id: dialog.frame_id,
        opened_at: Date.parse(dialog.opened_at),
        closed_at: Date.parse(dialog.closed_at),
        closed_by: dialog.closed_by,
        action: dialog.action,
      });
    } catch (error) {
      // The session was deleted while its browser still reported: nothing left to keep.
      this.deps.logger.debug({ err: error, session_id: sessionId }, "dialog history not recorded");
    }
    this.deps.events.publish(sessionId, "dialog.closed", { dialog });
  }
}
