import type { BrowserConfig, CompressionConfig, Config } from "../../config.js";
import type { Store } from "../../db/store.js";
import type { SessionCursor } from "../../db/repositories/sessions.js";
import { AppError, notFound } from "../errors.js";
import { newId } from "../ids.js";
import { countMessageTokens } from "../context/tokens.js";
import type { SessionConfigOverrides, SessionRecord } from "../types.js";
import { resolveSessionSettings } from "./settings.js";

export type SessionView = {
  id: string;
  title: string | null;
  model: string | null;
  system_prompt: string | null;
  created_at: string;
  updated_at: string;
  config: { compression: CompressionConfig; browser: BrowserConfig; engine: string };
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
  config?: SessionConfigOverrides;
};

export type UpdateSessionInput = CreateSessionInput;

/** What the sessions service needs to know about live browsers; the browser registry provides it. */
export type BrowserStatusSource = {
  status(sessionId: string): { active: boolean; url: string | null } | null;
  stop(sessionId: string): Promise<void>;
  /** The session's browser settings changed: a browser bound to another endpoint is stopped at once. */
  rebindIfChanged(sessionId: string): Promise<void>;
};

export type EngineNames = { has(name: string): boolean; names(): string[]; problemWith?(name: string, config: Config): string | null };

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
      config: { compression: settings.compression, browser: settings.browser, engine: settings.engine },
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

  create(input: CreateSessionInput, derivedKey: string | null = null): SessionRecord {
    const config = input.config ?? {};
    this.assertEngine(config);
    const now = this.deps.now();
    const model = input.model ?? null;
    const session = this.deps.store.sessions.create({
      id: newId("ses", now),
      title: input.title ?? null,
      model,
      system_prompt: input.system_prompt ?? null,
      system_prompt_tokens: this.systemPromptTokens(input.system_prompt ?? null, model),
      config,
      derived_key: derivedKey,
      now,
    });
    this.deps.engineLifecycle?.().sessionStarted(session.id);
    return session;
  }

  list(limit: number, cursor: SessionCursor | null): { sessions: SessionRecord[]; next: SessionCursor | null } {
    const rows = this.deps.store.sessions.list(limit + 1, cursor);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { sessions: page, next: rows.length > limit && last ? { created_at: last.created_at, id: last.id } : null };
  }

  update(id: string, input: UpdateSessionInput): SessionRecord {
    const session = this.require(id);
    let config: SessionConfigOverrides | undefined;
    if (input.config !== undefined) {
      config = {
        ...session.config,
        ...input.config,
        compression: { ...(session.config.compression ?? {}), ...(input.config.compression ?? {}) },
        browser: { ...(session.config.browser ?? {}), ...(input.config.browser ?? {}) },
      };
      this.assertEngine(config);
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
          input.system_prompt !== undefined || input.model !== undefined ? this.systemPromptTokens(systemPrompt, model) : undefined,
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

  private assertEngine(config: SessionConfigOverrides): void {
    const problem = config.engine !== undefined && this.deps.engines.has(config.engine) ? this.deps.engines.problemWith?.(config.engine, this.deps.config) : null;
    if (problem) {
      throw new AppError("validation_failed", `the context engine "${config.engine}" cannot be used`, {
        errors: [{ location: "body.config.engine", message: `${problem}; name another engine` }],
      });
    }
    if (config.engine !== undefined && !this.deps.engines.has(config.engine)) {
      throw new AppError("validation_failed", `unknown context engine "${config.engine}"`, {
        errors: [
          {
            location: "body.config.engine",
            message: `unknown engine; available: ${this.deps.engines.names().join(", ")}`,
          },
        ],
      });
    }
  }
}
