import type { BrowserConfig, CompressionConfig, Config } from "../../config.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound, type FieldIssue } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { countMessageTokens } from "../context/tokens.js";
import { cdpUrlProblem, mergeSessionConfig, ownedSessionConfig, type SessionOwnedConfig } from "./config-policy.js";
import { resolveSessionSettings } from "./settings.js";
import type { SessionCursor, SessionRecord } from "../../db/records.js";

/**
 * The browser settings a session view shows: what is in force for the session's own browser. The
 * operator's lists (allowed CDP hosts, extra CDP methods) and the downloads switch are left out — they
 * are the server's policy, not the session's state, and the host list maps the operator's network.
 */
export const SESSION_VIEW_BROWSER_KEYS = [
  "executable_path",
  "cdp_url",
  "headless",
  "dialog_policy",
  "dialog_timeout_s",
  "bridge",
  "allow_file_urls",
] as const;
export type SessionBrowserView = Pick<BrowserConfig, (typeof SESSION_VIEW_BROWSER_KEYS)[number]>;

function browserView(browser: BrowserConfig): SessionBrowserView {
  return {
    executable_path: browser.executable_path,
    // An endpoint may carry a token or a password (wss://…?token=…); the view masks it like any secret.
    cdp_url: browser.cdp_url === null ? null : redactSecrets(browser.cdp_url),
    headless: browser.headless,
    dialog_policy: browser.dialog_policy,
    dialog_timeout_s: browser.dialog_timeout_s,
    bridge: browser.bridge,
    allow_file_urls: browser.allow_file_urls,
  };
}

export type SessionView = {
  id: string;
  title: string | null;
  model: string | null;
  system_prompt: string | null;
  created_at: string;
  updated_at: string;
  config: { compression: CompressionConfig; browser: SessionBrowserView; engine: string };
  stats: {
    message_count: number;
    context_tokens: number;
    threshold_tokens: number;
    context_length: number;
    usage_percent: number;
    compression_count: number;
    last_prompt_tokens: number;
  };
  browser: { active: boolean; url: string | null };
};

export type CreateSessionInput = {
  title?: string | null;
  model?: string | null;
  system_prompt?: string | null;
  config?: SessionOwnedConfig;
};

export type UpdateSessionInput = CreateSessionInput;

/** What the sessions service needs to know about live browsers; the browser registry provides it. */
export type BrowserStatusSource = {
  status(sessionId: string): { active: boolean; url: string | null } | null;
  stop(sessionId: string): Promise<void>;
  /** The session's browser settings changed: a browser bound to another endpoint is stopped at once. */
  rebindIfChanged(sessionId: string): Promise<void>;
};

/** The context engines a session may name; the engine registry provides it. */
export type EngineNames = {
  /** Registered and ready to build. */
  has(name: string): boolean;
  /** A plugin of that name is installed but not imported yet: `load` would import it. */
  isInstalled(name: string): boolean;
  names(): string[];
  /** Imports the named plugin (once) if it is installed and not registered; throws what went wrong. */
  load(name: string): Promise<void>;
  problemWith?(name: string, config: Config): string | null;
};

const ENGINE_FIELD = ["config", "engine"];
/** Sessions read per query while start-up collects the engines they name. */
const ENGINE_SCAN_PAGE_ROWS = 200;
const CDP_URL_FIELD = ["config", "browser", "cdp_url"];

function invalidConfig(fields: FieldIssue[]): DomainError {
  return new DomainError(
    "validation_failed",
    `${fields.length} field(s) failed validation: ${fields.map((e) => e.path.join(".")).join(", ")}`,
    { fields },
  );
}

function propertyOf(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The session's context engine hears of the session's life: created, its model changed, deleted. */
export type EngineLifecycle = {
  sessionStarted(sessionId: string): void;
  modelChanged(sessionId: string): void;
  sessionEnding(sessionId: string): Promise<void>;
};

export type SessionServiceDeps = {
  config: Config;
  store: Store;
  now: () => number;
  engines: EngineNames;
  browsers?: BrowserStatusSource;
  /** The agent's runs, bound late because the runner itself needs this service. */
  runs?: () => { cancel(sessionId: string, reason: string): Promise<void> };
  /** Live event streams, ended when their session is deleted. */
  events?: { endSession(sessionId: string): void };
  /** Bound late, like `runs`: the context manager is wired after this service. */
  engineLifecycle?: () => EngineLifecycle;
};

export function contextTotalTokens(session: SessionRecord): number {
  return session.system_prompt_tokens + session.context_tokens;
}

export class SessionService {
  constructor(private readonly deps: SessionServiceDeps) {}

  view(session: SessionRecord): SessionView {
    const settings = resolveSessionSettings(this.deps.config, session);
    const total = contextTotalTokens(session);
    const live = this.deps.browsers?.status(session.id) ?? null;
    return {
      id: session.id,
      title: session.title,
      model: settings.model,
      system_prompt: session.system_prompt,
      created_at: new Date(session.created_at).toISOString(),
      updated_at: new Date(session.updated_at).toISOString(),
      config: { compression: settings.compression, browser: browserView(settings.browser), engine: settings.engine },
      stats: {
        message_count: session.message_count,
        context_tokens: total,
        threshold_tokens: settings.threshold_tokens,
        context_length: settings.context_length,
        usage_percent: Math.round((total / settings.context_length) * 10_000) / 100,
        compression_count: session.compression_count,
        last_prompt_tokens: session.last_prompt_tokens,
      },
      browser: { active: live?.active ?? false, url: live?.url ?? session.browser_url },
    };
  }

  require(id: string): SessionRecord {
    const session = this.deps.store.sessions.get(id);
    if (!session) throw notFound("session", id);
    return session;
  }

  /**
   * Creates a session a client asked for. The engine it names is imported first when it is an
   * installed plugin nobody loaded yet — only after every other check passed, so a refused request
   * runs no plugin code.
   */
  async createFromClient(input: CreateSessionInput): Promise<SessionRecord> {
    await this.loadNamedEngine(input.config);
    return this.create(input);
  }

  /**
   * Creates a session synchronously (the server's own callers, inside a transaction): the config is
   * held to the same rules, but a plugin engine must already be loaded.
   */
  create(input: CreateSessionInput, derivedKey: string | null = null): SessionRecord {
    const config = input.config ?? {};
    this.assertConfig(config);
    const now = this.deps.now();
    const model = input.model ?? null;
    const session = this.deps.store.sessions.create({
      id: newId("ses", now),
      title: input.title ?? null,
      model,
      system_prompt: input.system_prompt ?? null,
      system_prompt_tokens: this.systemPromptTokens(input.system_prompt ?? null, model),
      // Written through the same filter the settings are read through: only what a session may own.
      config: ownedSessionConfig(mergeSessionConfig({}, config), this.deps.config),
      derived_key: derivedKey,
      now,
    });
    this.deps.engineLifecycle?.().sessionStarted(session.id);
    return session;
  }

  /**
   * What in a client's session config this server's own configuration refuses — a CDP host it does
   * not allow, an engine it does not have — every field listed. The request schema has already
   * refused server-only keys; this takes any shape, so a request that failed its schema can be told
   * about these too in the same answer. Nothing is imported or stored here.
   */
  configProblems(config: unknown): FieldIssue[] {
    const problems: FieldIssue[] = [];
    const cdpUrl = propertyOf(propertyOf(config, "browser"), "cdp_url");
    if (typeof cdpUrl === "string") {
      const problem = cdpUrlProblem(cdpUrl, this.deps.config.browser.allowed_cdp_hosts);
      if (problem) problems.push({ path: CDP_URL_FIELD, message: problem });
    }
    const engine = propertyOf(config, "engine");
    if (typeof engine === "string" && !this.deps.engines.has(engine) && !this.deps.engines.isInstalled(engine)) {
      problems.push({
        path: ENGINE_FIELD,
        message: `unknown engine; available: ${this.deps.engines.names().join(", ")}`,
      });
    }
    return problems;
  }

  /** Every session's own engine name, for start-up to load the plugins they name. */
  engineNamesInUse(): Set<string> {
    const names = new Set<string>();
    let cursor: SessionCursor | null = null;
    for (;;) {
      const page = this.list(ENGINE_SCAN_PAGE_ROWS, cursor);
      for (const session of page.sessions) {
        const engine = ownedSessionConfig(session.config, this.deps.config).engine;
        if (engine !== undefined) names.add(engine);
      }
      if (!page.next) return names;
      cursor = page.next;
    }
  }

  list(limit: number, cursor: SessionCursor | null): { sessions: SessionRecord[]; next: SessionCursor | null } {
    const rows = this.deps.store.sessions.list(limit + 1, cursor);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { sessions: page, next: rows.length > limit && last ? { created_at: last.created_at, id: last.id } : null };
  }

  async update(id: string, input: UpdateSessionInput): Promise<SessionRecord> {
    this.require(id);
    await this.loadNamedEngine(input.config);
    // Read again: the row may have changed while a plugin was imported.
    const session = this.require(id);
    let config: SessionOwnedConfig | undefined;
    if (input.config !== undefined) {
      this.assertConfig(input.config);
      // What the row held beyond what a session may own is dropped as the config is written again.
      const current = ownedSessionConfig(session.config, this.deps.config);
      config = ownedSessionConfig(mergeSessionConfig(current, input.config), this.deps.config);
    }
    const model = input.model !== undefined ? input.model : session.model;
    const systemPrompt = input.system_prompt !== undefined ? input.system_prompt : session.system_prompt;
    const updated = this.deps.store.sessions.update(
      id,
      {
        title: input.title,
        model: input.model,
        system_prompt: input.system_prompt,
        system_prompt_tokens:
          input.system_prompt !== undefined || input.model !== undefined
            ? this.systemPromptTokens(systemPrompt, model)
            : undefined,
        config,
      },
      this.deps.now(),
    );
    if (!updated) throw notFound("session", id);
    // Stopping starts synchronously, so no read after this PATCH shows the old endpoint's browser.
    if (input.config?.browser !== undefined) void this.deps.browsers?.rebindIfChanged(id).catch(() => undefined);
    if (input.model !== undefined && input.model !== session.model) this.deps.engineLifecycle?.().modelChanged(id);
    return updated;
  }

  async delete(id: string): Promise<void> {
    this.require(id);
    await this.deps.runs?.().cancel(id, "the session was deleted");
    await this.deps.browsers?.stop(id);
    await this.deps.engineLifecycle?.().sessionEnding(id);
    this.deps.store.sessions.delete(id);
    this.deps.events?.endSession(id);
    // A browser started while the first stop ran (the row still existed then) goes too.
    await this.deps.browsers?.stop(id);
  }

  private systemPromptTokens(prompt: string | null, model: string | null): number {
    if (!prompt) return 0;
    return countMessageTokens({ role: "system", content: prompt }, model ?? this.deps.config.model.name);
  }

  /** Imports the plugin a valid config names, if it is installed and not loaded; a failure is the client's 400. */
  private async loadNamedEngine(config: SessionOwnedConfig | undefined): Promise<void> {
    const problems = this.configProblems(config);
    if (problems.length) throw invalidConfig(problems);
    const engine = config?.engine;
    if (engine === undefined || this.deps.engines.has(engine)) return;
    try {
      await this.deps.engines.load(engine);
    } catch (err) {
      throw new DomainError("validation_failed", `the context engine "${engine}" cannot be used`, {
        fields: [
          {
            path: ENGINE_FIELD,
            message: `${err instanceof Error ? err.message : String(err)}; name another engine`,
          },
        ],
      });
    }
  }

  private assertConfig(config: SessionOwnedConfig): void {
    const problems = this.configProblems(config);
    if (problems.length) throw invalidConfig(problems);
    const engine = config.engine;
    if (engine === undefined) return;
    if (!this.deps.engines.has(engine)) {
      // Installed but not imported: only the async paths import (createFromClient, update).
      throw invalidConfig([
        {
          path: ENGINE_FIELD,
          message: `the ${engine} plugin is not loaded; available: ${this.deps.engines.names().join(", ")}`,
        },
      ]);
    }
    const problem = this.deps.engines.problemWith?.(engine, this.deps.config);
    if (problem) {
      throw new DomainError("validation_failed", `the context engine "${engine}" cannot be used`, {
        fields: [{ path: ENGINE_FIELD, message: `${problem}; name another engine` }],
      });
    }
  }
}
