import type { Config } from "../../config.js";
import type { Store } from "../../db/store.js";
import type { Logger } from "../../logger.js";
import type { ToolDefinition } from "../agent/tools.js";
import type { EventBus } from "../events/bus.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import type { LlmClients } from "../llm/client.js";
import { resolveSessionSettings, type SessionSettings } from "../sessions/settings.js";
import { contextTotalTokens, type EngineLifecycle } from "../sessions/service.js";
import { effectiveTokens, toChatMessage } from "./active-context.js";
import { EngineOutputError, isEmptyPlan, planCompression, type CompressionPlan } from "./compression-plan.js";
import type { AnchorKind, ContextEngine, ContextItem, EngineCompressResult, EngineSessionInfo } from "./engine.js";
import { normalizeResult } from "./engine.js";
import { computeThresholdTokens, hasDistinctSummaryModel, summaryModelWindow } from "./budgets.js";
import type { ContextEngineRegistry } from "./engine-registry.js";
import {
  isAutoBlocked,
  readEngineState,
  recordCompression,
  recordRealPromptCount,
  type EngineState,
} from "./engine-state.js";
import type { CompressOutcome, CompressRequest, ContextManager } from "./manager.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { sessionSearchTool } from "./session-search.js";
import { SummaryModel } from "./summary-model.js";
import { contentText } from "../../kernel/text.js";
import type { SessionRecord, StoredMessage, SummaryRecord } from "../../db/records.js";
import type { TokenUsage } from "../../kernel/chat.js";

/** A session with this many rows in its context is compressed before a run whatever its tokens (SPEC §5.7). */
export const HYGIENE_MAX_MESSAGES = 400;

export type ContextManagerDeps = {
  config: Config;
  store: Store;
  logger: Logger;
  now: () => number;
  llm: LlmClients;
  events: EventBus;
  engines: ContextEngineRegistry;
  /** Whether an agent run is in progress on the session (a manual compression then waits its turn). */
  isRunInProgress?: (sessionId: string) => boolean;
};

type Prepared = { session: SessionRecord; settings: SessionSettings; threshold: number };

/**
 * Runs the session's context engine and persists what it decides: rows leaving the context,
 * shortened views, the summary row and version, anchors, totals and anti-thrashing state — all of
 * one compression in one transaction (SPEC §5.2, §5.6).
 */
export class SessionContextManager implements ContextManager, EngineLifecycle {
  private readonly running = new Map<string, Promise<unknown>>();
  private readonly warnedThreshold = new Set<string>();

  constructor(private readonly deps: ContextManagerDeps) {}

  /** The threshold a session compresses at (already lowered to a smaller summary window; warned once per session). */
  thresholdFor(session: SessionRecord, settings = resolveSessionSettings(this.deps.config, session)): number {
    if (hasDistinctSummaryModel(this.deps.config) && !this.warnedThreshold.has(session.id)) {
      const window = summaryModelWindow(this.deps.config);
      if (
        window === settings.threshold_tokens &&
        window < computeThresholdTokens(settings.context_length, settings.compression)
      ) {
        this.warnedThreshold.add(session.id);
        this.deps.logger.warn(
          { session_id: session.id, summary_window: window },
          "the summary model's window is under the compression threshold; compressing at the summary window instead",
        );
      }
    }
    return settings.threshold_tokens;
  }

  toolsFor(session: SessionRecord): ToolDefinition[] {
    const settings = resolveSessionSettings(this.deps.config, session);
    if (settings.engine === "compressor") return [sessionSearchTool(this.deps.store)];
    const engine = this.createEngine(this.prepare(session.id), readEngineState(session.engine_state)).engine;
    const engineTools: ToolDefinition[] = (engine.getToolSchemas?.() ?? []).map((schema) => ({
      name: schema.name,
      description: schema.description,
      parameters: { type: "object", properties: {}, ...(schema.parameters as object) },
      execute: async (args) => {
        if (!engine.handleToolCall)
          return { content: `the ${settings.engine} engine does not handle ${schema.name}`, is_error: true };
        return { content: String(await engine.handleToolCall(schema.name, args)) };
      },
    }));
    // Every engine's session keeps its whole transcript searchable; an engine may bring its own session_search.
    const search = sessionSearchTool(this.deps.store);
    return engineTools.some((tool) => tool.name === search.name) ? engineTools : [...engineTools, search];
  }

  async prepareForRun(sessionId: string, signal?: AbortSignal): Promise<CompressOutcome | null> {
    const prepared = this.prepare(sessionId);
    const { session, settings, threshold } = prepared;
    if (!settings.compression.enabled) return null;
    const total = contextTotalTokens(session);
    const hygiene =
      total >= settings.compression.hygiene_threshold * settings.context_length ||
      session.context_message_count >= HYGIENE_MAX_MESSAGES;
    if (hygiene) return this.compress(sessionId, { trigger: "hygiene", signal });
    if (isAutoBlocked(readEngineState(session.engine_state), this.deps.now())) return null;
    const { engine } = this.createEngine(prepared, readEngineState(session.engine_state));
    const due = engine.shouldCompressPreflight
      ? engine.shouldCompressPreflight(this.itemsOf(session).items)
      : total >= threshold;
    return due ? this.compress(sessionId, { trigger: "preflight", signal }) : null;
  }

  async afterResponse(sessionId: string, usage: TokenUsage, signal?: AbortSignal): Promise<CompressOutcome | null> {
    const prepared = this.prepare(sessionId);
    const { session, settings, threshold } = prepared;
    const now = this.deps.now();
    const state = recordRealPromptCount(readEngineState(session.engine_state), usage.prompt_tokens, threshold, now);
    this.deps.store.sessions.update(
      sessionId,
      {
        last_prompt_tokens: usage.prompt_tokens,
        last_completion_tokens: usage.completion_tokens,
        engine_state: { ...state },
      },
      now,
    );
    if (!settings.compression.enabled || isAutoBlocked(state, now)) return null;
    const { engine } = this.createEngine(prepared, state);
    engine.updateFromResponse(usage);
    return engine.shouldCompress(usage.prompt_tokens)
      ? this.compress(sessionId, { trigger: "threshold", signal })
      : null;
  }

  /** `onSessionStart` of the session's engine, once, when the session is created. */
  sessionStarted(sessionId: string): void {
    void this.runHook(sessionId, "onSessionStart", (engine, info) => engine.onSessionStart?.(sessionId, info));
  }

  /** `updateModel` of the session's engine after the session's model changed. */
  modelChanged(sessionId: string): void {
    void this.runHook(sessionId, "updateModel", (engine, info) => engine.updateModel?.(info.model, info.contextLength));
  }

  /** `onSessionEnd` of the session's engine with its active context, before the session is deleted. */
  async sessionEnding(sessionId: string): Promise<void> {
    await this.runHook(sessionId, "onSessionEnd", (engine, _info, session) =>
      engine.onSessionEnd?.(sessionId, this.itemsOf(session).items),
    );
  }

  /** A failing hook is logged; it never stops the session from being created, changed or deleted. */
  private async runHook(
    sessionId: string,
    hook: string,
    call: (engine: ContextEngine, info: EngineSessionInfo, session: SessionRecord) => void | Promise<void>,
  ): Promise<void> {
    try {
      const prepared = this.prepare(sessionId);
      const { engine, info } = this.createEngine(prepared, readEngineState(prepared.session.engine_state));
      await call(engine, info, prepared.session);
    } catch (err) {
      this.deps.logger.warn({ err, session_id: sessionId, hook }, "the context engine's lifecycle hook failed");
    }
  }

  /** One compression at a time per session; a second request waits for the first. */
  compress(sessionId: string, request: CompressRequest): Promise<CompressOutcome> {
    // A run compresses at its own safe points; compacting under it could split a tool call from its result.
    if (request.trigger === "manual" && !request.dryRun && this.deps.isRunInProgress?.(sessionId)) {
      return Promise.reject(
        new DomainError(
          "session_busy",
          `session ${sessionId} is running an agent, which compresses when it needs to; retry when the run ends`,
        ),
      );
    }
    const previous = this.running.get(sessionId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.compressNow(sessionId, request));
    this.running.set(sessionId, next);
    void next
      .finally(() => {
        if (this.running.get(sessionId) === next) this.running.delete(sessionId);
      })
      .catch(() => undefined);
    return next;
  }

  private prepare(sessionId: string): Prepared {
    const session = this.deps.store.sessions.get(sessionId);
    if (!session) throw notFound("session", sessionId);
    const settings = resolveSessionSettings(this.deps.config, session);
    return { session, settings, threshold: this.thresholdFor(session, settings) };
  }

  private createEngine(
    { session, settings, threshold }: Prepared,
    state: EngineState,
  ): { engine: ContextEngine; summarizer: SummaryModel; info: EngineSessionInfo } {
    const summarizer = new SummaryModel({
      config: this.deps.config,
      llm: this.deps.llm,
      sessionModel: settings.model,
      now: this.deps.now,
      state,
    });
    const info: EngineSessionInfo = {
      sessionId: session.id,
      model: settings.model,
      contextLength: settings.context_length,
      thresholdTokens: threshold,
      compressionCount: session.compression_count,
      lastPromptTokens: session.last_prompt_tokens,
    };
    const engine = this.deps.engines.create(settings.engine, {
      ...info,
      compression: settings.compression,
      previousSummary: this.deps.store.summaries.latest(session.id)?.body ?? null,
      previousAnchors: () =>
        this.deps.store.anchors.list(session.id).map((anchor) => ({ ...anchor, kind: anchor.kind as AnchorKind })),
      summarizer,
      now: this.deps.now,
    });
    return { engine, summarizer, info };
  }

  private itemsOf(session: SessionRecord): { rows: StoredMessage[]; items: ContextItem[] } {
    const rows = this.deps.store.messages.activeRows(session.id);
    const items: ContextItem[] = [];
    if (session.system_prompt)
      items.push({ role: "system", content: session.system_prompt, tokens: session.system_prompt_tokens });
    for (const row of rows)
      items.push({ ...toChatMessage(row), seq: row.seq, kind: row.kind, tokens: effectiveTokens(row) });
    return { rows, items };
  }

  private async compressNow(sessionId: string, request: CompressRequest): Promise<CompressOutcome> {
    const prepared = this.prepare(sessionId);
    const { session, settings } = prepared;
    const tokensBefore = contextTotalTokens(session);
    const unchanged = (reason: string, fallback = false): CompressOutcome => ({
      compressed: false,
      reason,
      tokens_before: tokensBefore,
      tokens_after: tokensBefore,
      messages_compacted: 0,
      summary: null,
      fallback_used: fallback,
      anchors_added: 0,
    });
    const { rows, items } = this.itemsOf(session);
    if (rows.length === 0) return unchanged("the context is empty");
    const { engine, summarizer } = this.createEngine(prepared, readEngineState(session.engine_state));
    let result: EngineCompressResult;
    try {
      result = normalizeResult(
        await engine.compress(items, {
          currentTokens: tokensBefore,
          focusTopic: request.focusTopic ?? null,
          signal: request.signal,
          dryRun: request.dryRun,
        }),
      );
    } catch (err) {
      // A broken engine (a plugin, typically) must not take the run down with it: the context stays as it was.
      this.deps.logger.error({ err, session_id: sessionId, engine: settings.engine }, "context engine failed");
      return unchanged(`the ${settings.engine} engine failed: ${(err as Error).message ?? String(err)}`);
    } finally {
      if (!request.dryRun) this.saveState(sessionId, summarizer.state);
    }
    if (result.aborted) return unchanged(result.aborted.reason);
    let plan: CompressionPlan;
    try {
      plan = planCompression(
        rows,
        result.messages,
        session.system_prompt ? session.system_prompt_tokens : 0,
        settings.model,
      );
    } catch (err) {
      if (err instanceof EngineOutputError)
        return unchanged(`the ${settings.engine} engine returned an unusable context: ${err.message}`);
      throw err;
    }
    if (isEmptyPlan(plan)) return unchanged("the engine left the context as it was");
    // A bigger context is no compression — unless hygiene is thinning out a context of too many rows.
    const thinningRows = request.trigger === "hygiene" && session.context_message_count >= HYGIENE_MAX_MESSAGES;
    if (plan.tokensAfter >= tokensBefore && !thinningRows) {
      return unchanged(
        `the compressed context would not be smaller (${plan.tokensAfter} tokens, now ${tokensBefore}); nothing was changed`,
      );
    }
    const summary = result.summary ?? null;
    const anchors = result.anchors ?? [];
    const removed = new Set(plan.removedSeqs);
    const leaving = rows.filter((row) => removed.has(row.seq));
    const compactedTokens = leaving.reduce((sum, row) => sum + effectiveTokens(row), 0);
    // Transcript rows only: an earlier summary leaving the context is not a compacted turn.
    const compactedSeqs = leaving.filter((row) => row.kind === "message").map((row) => row.seq);
    if (request.dryRun) {
      const seqs = compactedSeqs;
      return {
        compressed: false,
        reason: "dry run: nothing was changed",
        tokens_before: tokensBefore,
        tokens_after: plan.tokensAfter,
        messages_compacted: seqs.length,
        summary: null,
        fallback_used: false,
        anchors_added: 0,
        would_compact: { from_seq: seqs[0] ?? 0, to_seq: seqs[seqs.length - 1] ?? 0, seqs },
        anchors: anchors.map(({ kind, value, count }) => ({ kind, value, count })),
        compacted_tokens: compactedTokens,
      };
    }
    const now = this.deps.now();
    const persisted = this.persist(session, plan, {
      compactedSeqs,
      summary,
      anchors,
      focusTopic: request.focusTopic ?? null,
      tokensBefore,
      now,
      summarizerState: summarizer.state,
    });
    const outcome: CompressOutcome = {
      compressed: true,
      tokens_before: tokensBefore,
      tokens_after: persisted.tokensAfter,
      messages_compacted: compactedSeqs.length,
      summary: persisted.summary,
      fallback_used: summary?.fallback_used ?? false,
      anchors_added: persisted.anchorsAdded,
    };
    this.deps.events.publish(sessionId, "context.compressed", {
      trigger: request.trigger,
      engine: settings.engine,
      summary_id: persisted.summary?.id ?? null,
      tokens_before: outcome.tokens_before,
      tokens_after: outcome.tokens_after,
      messages_compacted: outcome.messages_compacted,
      fallback_used: outcome.fallback_used,
      anchors_added: outcome.anchors_added,
    });
    this.deps.logger.info(
      { session_id: sessionId, trigger: request.trigger, ...outcome, summary: undefined },
      "context compressed",
    );
    return outcome;
  }

  private persist(
    session: SessionRecord,
    plan: CompressionPlan,
    input: {
      compactedSeqs: number[];
      summary: EngineCompressResult["summary"] | null;
      anchors: NonNullable<EngineCompressResult["anchors"]>;
      focusTopic: string | null;
      tokensBefore: number;
      now: number;
      summarizerState: EngineState;
    },
  ): { tokensAfter: number; summary: SummaryRecord | null; anchorsAdded: number } {
    const { store } = this.deps;
    const sessionId = session.id;
    return store.transaction(() => {
      const summaryRows = plan.newRows.map(({ item, position, tokens }) => ({
        id: newId("msg", input.now),
        role: item.role,
        content: item.content,
        tokens,
        search_text: redactSecrets(contentText(item.content)),
        kind: "summary" as const,
        in_context: true,
        position,
      }));
      if (input.summary && summaryRows.length === 0) {
        // The summary was merged into a tail message; the transcript still records it as a row of its own.
        summaryRows.push({
          id: newId("msg", input.now),
          role: "user",
          content: input.summary.body,
          tokens: 0,
          search_text: redactSecrets(input.summary.body),
          kind: "summary",
          in_context: false,
          position: Number.MAX_SAFE_INTEGER,
        });
      }
      const appended = summaryRows.length ? store.messages.append(sessionId, summaryRows, input.now) : [];
      store.contextRows.setInContext(sessionId, plan.removedSeqs, false);
      for (const change of plan.overrides)
        store.contextRows.setOverride(sessionId, change.seq, change.override, change.tokens);
      const totals = store.messages.recomputeContextTotals(sessionId);
      const tokensAfter = totals.tokens + session.system_prompt_tokens;
      let summary: SummaryRecord | null = null;
      if (input.summary) {
        const version = (store.summaries.latest(sessionId)?.version ?? 0) + 1;
        const covered = input.compactedSeqs;
        summary = store.summaries.insert(sessionId, {
          id: newId("sum", input.now),
          version,
          body: input.summary.body,
          covers: { from_seq: covered[0] ?? 0, to_seq: covered[covered.length - 1] ?? 0 },
          tokens_before: input.tokensBefore,
          tokens_after: tokensAfter,
          model: input.summary.model,
          focus_topic: input.focusTopic,
          fallback_used: input.summary.fallback_used,
          message_id: appended[0]?.id ?? null,
          created_at: input.now,
        });
      }
      const anchorsAdded = store.anchors.upsert(
        sessionId,
        input.anchors.map((a) => ({ ...a, value: redactSecrets(a.value) })),
      );
      store.sessions.incrementCompressionCount(sessionId);
      const state = recordCompression(input.summarizerState, input.summary?.fallback_used ?? false, input.now);
      store.sessions.update(sessionId, { engine_state: { ...state } }, input.now);
      return { tokensAfter, summary, anchorsAdded };
    });
  }

  private saveState(sessionId: string, state: EngineState): void {
    const session = this.deps.store.sessions.get(sessionId);
    if (!session) return;
    const current = readEngineState(session.engine_state);
    if (JSON.stringify(current) === JSON.stringify(state)) return;
    this.deps.store.sessions.update(sessionId, { engine_state: { ...state } }, this.deps.now());
  }
}
