/**
 * @module service
 * Session rows: created and changed under the config rules (config-checks.ts), read, listed and deleted. What else
 * a session's life touches — its context engine's hooks, its browser, its runs and streams — is done by the use
 * cases in domain/use-cases/, which call this service.
 */
import type { Config } from "../../config/schema.js";
import type { Store } from "../../db/store.js";
import { notFound } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { countMessageTokens } from "../shared/tokens.js";
import { withMemoryBlock } from "../shared/memory-block.js";
import type { OwnerFilter, SessionCursor, SessionRecord } from "../../db/records.js";
import { noteRefused, ownOnly, SERVER_CALLER, visibleTo, type AuditNote, type Caller } from "../shared/owner-scope.js";
import { SessionConfigChecks, type EngineNames } from "./config-checks.js";
import { mergeSessionConfig, ownedSessionConfig, type SessionOwnedConfig } from "../shared/config-policy.js";
import { resolveSessionSettings, type SessionSettings } from "../shared/session-settings.js";

export type CreateSessionInput = {
  /** A client-chosen id (a Hermes client names its session); the server makes one otherwise. */
  id?: string;
  title?: string | null;
  model?: string | null;
  system_prompt?: string | null;
  config?: SessionOwnedConfig;
  /** Who makes it, as a Hermes client names itself. */
  source?: string | null;
  /** The session it is forked from. */
  parent_session_id?: string | null;
  /** Who makes it: the session is its owner's, and its creation is noted in its audit trail. */
  caller?: Caller;
};

export type UpdateSessionInput = Omit<CreateSessionInput, "source" | "parent_session_id" | "caller"> & {
  /** Who changes it: a change of its MCP servers is noted in its audit trail (`mcp.change`). */
  caller?: Caller;
};

/** The audit note of a session's MCP servers set or changed: the servers it is offered now. */
function mcpChange(session: SessionRecord, config: Config): AuditNote {
  const { mcp } = ownedSessionConfig(session.config, config);
  return {
    action: "mcp.change",
    resource: { type: "session", id: session.id },
    detail: { servers: mcp?.servers ?? null },
  };
}

/** Where a session's live browser stands; the browser capability provides it. */
export type BrowserStatusSource = {
  status(sessionId: string): { active: boolean; url: string | null } | null;
};

/** A session as it stands: its row, the settings in force, and its browser (live, else the last URL stored). */
export type SessionSnapshot = {
  session: SessionRecord;
  settings: SessionSettings;
  browser: { active: boolean; url: string | null };
};

export type SessionUpdate = {
  session: SessionRecord;
  /** The row as it was just before the change. */
  previous: SessionRecord;
};

export type SessionServiceDeps = {
  config: Config;
  store: Store;
  now: () => number;
  engines: EngineNames;
  browsers?: BrowserStatusSource;
  /** The owner's memory as a new session whose settings carry memory freezes it. */
  memory?: { blockFor(owner: string | null): Promise<string | null> };
};

/** Sessions read per query while start-up collects the engines they name. */
const ENGINE_SCAN_PAGE_ROWS = 200;

export class SessionService {
  private readonly checks: SessionConfigChecks;

  constructor(private readonly deps: SessionServiceDeps) {
    this.checks = new SessionConfigChecks(deps.config, deps.engines);
  }

  snapshot(session: SessionRecord): SessionSnapshot {
    const live = this.deps.browsers?.status(session.id) ?? null;
    return {
      session,
      settings: resolveSessionSettings(this.deps.config, session),
      browser: { active: live?.active ?? false, url: live?.url ?? session.browser_url },
    };
  }

  /** The session, or null when there is none. */
  find(id: string): Promise<SessionRecord | null> {
    return this.deps.store.sessions.get(id);
  }

  async require(id: string): Promise<SessionRecord> {
    const session = await this.deps.store.sessions.get(id);
    if (!session) throw notFound("session", id);
    return session;
  }

  /**
   * The session as the caller sees it: null when there is none or it is another owner's — the same to the caller
   * (the refusal is noted in its audit trail).
   */
  async findFor(id: string, caller: Caller): Promise<SessionRecord | null> {
    const session = await this.deps.store.sessions.get(id);
    if (!session || visibleTo(caller, session.owner)) return session;
    noteRefused(caller, "session", id);
    return null;
  }

  /**
   * The session a request names to continue, or to make under that id: the caller's own, or null when there is none
   * (the request makes it). Another owner's is neither continued nor taken over: it is not found.
   */
  async existingFor(id: string, caller: Caller): Promise<SessionRecord | null> {
    const session = await this.deps.store.sessions.get(id);
    if (!session || visibleTo(caller, session.owner)) return session;
    noteRefused(caller, "session", id);
    throw notFound("session", id);
  }

  /** Refuses a config a session could not be created with (the rules of POST /v1/sessions), importing its engine. */
  checkConfig(config: SessionOwnedConfig | undefined): Promise<void> {
    return this.checks.loadNamedEngine(config);
  }

  /**
   * Creates a session a client asked for. The engine it names is imported first when it is an
   * installed plugin nobody loaded yet — only after every other check passed, so a refused request
   * runs no plugin code.
   */
  async createFromClient(input: CreateSessionInput): Promise<SessionRecord> {
    await this.checks.loadNamedEngine(input.config);
    return this.create(input);
  }

  /**
   * Creates a session without importing anything (the server's own callers, inside a transaction): the config is
   * held to the same rules, but a plugin engine must already be loaded.
   */
  async create(input: CreateSessionInput, derivedKey: string | null = null): Promise<SessionRecord> {
    const config = input.config ?? {};
    this.checks.assertUsable(config);
    const now = this.deps.now();
    const model = input.model ?? null;
    const caller = input.caller ?? SERVER_CALLER;
    // Written through the same filter the settings are read through: only what a session may own.
    const owned = ownedSessionConfig(mergeSessionConfig({}, config), this.deps.config);
    const carriesMemory = resolveSessionSettings(this.deps.config, { model, config: owned }).memory.enabled;
    const memoryBlock = carriesMemory && this.deps.memory ? await this.deps.memory.blockFor(caller.owner) : null;
    const session = await this.deps.store.sessions.create({
      id: input.id ?? newId("ses", now),
      title: input.title ?? null,
      model,
      system_prompt: input.system_prompt ?? null,
      system_prompt_tokens: this.systemPromptTokens(input.system_prompt ?? null, model, memoryBlock),
      config: owned,
      derived_key: derivedKey,
      source: input.source ?? null,
      parent_session_id: input.parent_session_id ?? null,
      owner: caller.owner,
      memory_block: memoryBlock,
      now,
    });
    caller.trail.note({ action: "session.create", resource: { type: "session", id: session.id } });
    if (config.mcp !== undefined) caller.trail.note(mcpChange(session, this.deps.config));
    return session;
  }

  /** See SessionConfigChecks.problems: what this server refuses in a session config, every field listed. */
  configProblems(config: unknown) {
    return this.checks.problems(config);
  }

  /** Every session's own engine name, for start-up to load the plugins they name. */
  async engineNamesInUse(): Promise<Set<string>> {
    const names = new Set<string>();
    let cursor: SessionCursor | null = null;
    for (;;) {
      const page = await this.list(ENGINE_SCAN_PAGE_ROWS, cursor);
      for (const session of page.sessions) {
        const engine = ownedSessionConfig(session.config, this.deps.config).engine;
        if (engine !== undefined) names.add(engine);
      }
      if (!page.next) return names;
      cursor = page.next;
    }
  }

  /** A page of sessions, newest first: one owner's, or every owner's (null). */
  async list(
    limit: number,
    cursor: SessionCursor | null,
    owner: OwnerFilter = null,
  ): Promise<{ sessions: SessionRecord[]; next: SessionCursor | null }> {
    const rows = await this.deps.store.sessions.list(limit + 1, cursor, owner);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { sessions: page, next: rows.length > limit && last ? { created_at: last.created_at, id: last.id } : null };
  }

  async update(id: string, input: UpdateSessionInput): Promise<SessionUpdate> {
    await this.require(id);
    await this.checks.loadNamedEngine(input.config);
    const { store } = this.deps;
    // The row is read again (it may have changed while a plugin was imported) and written in one transaction, so a
    // change made between the read and the write is not merged over and lost.
    return store.transaction(async () => {
      await store.sessions.lock(id);
      const session = await this.require(id);
      let config: SessionOwnedConfig | undefined;
      if (input.config !== undefined) {
        this.checks.assertUsable(input.config);
        // What the row held beyond what a session may own is dropped as the config is written again.
        const current = ownedSessionConfig(session.config, this.deps.config);
        config = ownedSessionConfig(mergeSessionConfig(current, input.config), this.deps.config);
      }
      const model = input.model !== undefined ? input.model : session.model;
      const systemPrompt = input.system_prompt !== undefined ? input.system_prompt : session.system_prompt;
      const updated = await store.sessions.update(
        id,
        {
          title: input.title,
          model: input.model,
          system_prompt: input.system_prompt,
          system_prompt_tokens:
            input.system_prompt !== undefined || input.model !== undefined
              ? this.systemPromptTokens(systemPrompt, model, session.memory_block)
              : undefined,
          config,
        },
        this.deps.now(),
      );
      if (!updated) throw notFound("session", id);
      if (input.config?.mcp !== undefined)
        (input.caller ?? SERVER_CALLER).trail.note(mcpChange(updated, this.deps.config));
      return { session: updated, previous: session };
    });
  }

  /**
   * Sets the system prompt alone (no config or engine involved, nothing imported): the Responses API's
   * `instructions`. Its tokens are counted for the model the row holds, read in the same transaction as the write.
   */
  setSystemPrompt(id: string, prompt: string | null): Promise<SessionRecord> {
    return this.deps.store.transaction(async () => {
      await this.deps.store.sessions.lock(id);
      const session = await this.require(id);
      const updated = await this.deps.store.sessions.update(
        id,
        {
          system_prompt: prompt,
          system_prompt_tokens: this.systemPromptTokens(prompt, session.model, session.memory_block),
        },
        this.deps.now(),
      );
      if (!updated) throw notFound("session", id);
      return updated;
    });
  }

  /** The flags a Hermes client keeps on a session, set without importing anything. */
  async setFlags(
    id: string,
    flags: { pinned?: boolean; archived?: boolean; hidden?: boolean },
  ): Promise<SessionRecord> {
    await this.require(id);
    const updated = await this.deps.store.sessions.update(id, flags, this.deps.now());
    if (!updated) throw notFound("session", id);
    return updated;
  }

  /**
   * Ends the session with a reason (a Hermes client's `end_reason`; `branched` once forked): the first reason wins,
   * and `ended_at` is set with it.
   */
  async end(id: string, reason: string): Promise<SessionRecord> {
    const session = await this.require(id);
    if (session.ended_at !== null) return session;
    const at = this.deps.now();
    return (await this.deps.store.sessions.update(id, { end_reason: reason, ended_at: at }, at)) ?? session;
  }

  /** Another of the caller's sessions that holds this exact title, if one does (Hermes keeps titles unique). */
  async titleHolder(
    title: string,
    exceptId: string | null = null,
    caller: Caller = SERVER_CALLER,
  ): Promise<string | null> {
    const held = (await this.deps.store.sessions.titledLike(title, ownOnly(caller))).find(
      (s) => s.title === title && s.id !== exceptId,
    );
    return held?.id ?? null;
  }

  /**
   * The next title of a title's lineage, as Hermes titles a fork: `T` if no session holds it, else `T #N` one past the
   * highest number in use (a `T #2` source gives `T #3`).
   */
  async nextTitleInLineage(title: string, caller: Caller = SERVER_CALLER): Promise<string> {
    const base = title.replace(/ #\d+$/, "");
    const numbered = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} #(\\d+)$`);
    let highest = 0;
    for (const { title: held } of await this.deps.store.sessions.titledLike(base, ownOnly(caller))) {
      if (held === base) highest = Math.max(highest, 1);
      const match = numbered.exec(held);
      if (match) highest = Math.max(highest, Number(match[1]));
    }
    return highest === 0 ? base : `${base} #${highest + 1}`;
  }

  /** What each session's runs have used (tokens, model calls, tool calls), in two reads whatever their number. */
  usageOf(ids: string[]) {
    return this.deps.store.runs.usageOfSessions(ids);
  }

  /** What each session's model calls cost, where any had a price (from the price table, `models.prices`). */
  costOf(ids: string[]): Promise<Map<string, number>> {
    return this.deps.store.modelCalls.costOfSessions(ids);
  }

  /** Sessions most recently active first, by offset (Hermes's paging), and whether more follow. */
  async listByActivity(
    limit: number,
    offset: number,
    owner: OwnerFilter = null,
  ): Promise<{ sessions: SessionRecord[]; hasMore: boolean }> {
    const rows = await this.deps.store.sessions.listByActivity(limit, offset, owner);
    return { sessions: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /** Deletes the row and, through the foreign keys, everything stored for the session. */
  async deleteRow(id: string): Promise<void> {
    await this.require(id);
    await this.deps.store.sessions.delete(id);
  }

  /** The tokens of the system prompt the model is sent: the session's own with the memory frozen into it. */
  private systemPromptTokens(prompt: string | null, model: string | null, memoryBlock: string | null): number {
    const sent = withMemoryBlock(prompt, memoryBlock);
    if (!sent) return 0;
    return countMessageTokens({ role: "system", content: sent }, model ?? this.deps.config.model.name);
  }
}
