/**
 * @module engine-session
 * A session's context engine, opened on demand: the session's row and settings, the threshold it compresses at, the
 * engine built for it (with its summary model and what earlier compressions left), the active context as the
 * engine's items — and the engine's lifecycle hooks, run as the session is created, changes model or is deleted.
 */
import type { Config } from "../../config/schema.js";
import type { SessionRecord, StoredMessage } from "../../db/records.js";
import { withMemoryBlock } from "../shared/memory-block.js";
import type { Store } from "../../db/store.js";
import { notFound } from "../../kernel/errors.js";
import type { Logger } from "../../logger.js";
import type { EventBus } from "../events/bus.js";
import type { ModelRouter } from "../llm/model-router.js";
import { resolveSessionSettings, type SessionSettings } from "../shared/session-settings.js";
import { effectiveTokens, toChatMessage } from "./active-context.js";
import { computeThresholdTokens, hasDistinctSummaryModel, summaryModelWindow } from "../shared/budgets.js";
import type { AnchorKind, ContextEngine, ContextItem, EngineSessionInfo } from "./engine.js";
import type { ContextEngineRegistry } from "./engine-registry.js";
import { readEngineState, type EngineState } from "./engine-state.js";
import { SummaryModel } from "./summary-model.js";
import type { ModelCallMeter } from "../shared/metering.js";

export type EngineSessionDeps = {
  config: Config;
  store: Store;
  logger: Logger;
  now: () => number;
  models: ModelRouter;
  engines: ContextEngineRegistry;
  /** Records the summary model's calls. */
  meter?: ModelCallMeter;
  /** Told when a summary model stands in for another (`model.fallback`). */
  events: EventBus;
};

/** A session read for its engine: the row, the settings in force, the threshold it compresses at. */
export type PreparedSession = { session: SessionRecord; settings: SessionSettings; threshold: number };

export type OpenedEngine = { engine: ContextEngine; summarizer: SummaryModel; info: EngineSessionInfo };

export class EngineSessions {
  private readonly warnedThreshold = new Set<string>();

  constructor(private readonly deps: EngineSessionDeps) {}

  async prepare(sessionId: string): Promise<PreparedSession> {
    const session = await this.deps.store.sessions.get(sessionId);
    if (!session) throw notFound("session", sessionId);
    return this.preparedFrom(session);
  }

  /** The same, for a session record the caller already holds. */
  preparedFrom(session: SessionRecord): PreparedSession {
    const settings = resolveSessionSettings(this.deps.config, session);
    return { session, settings, threshold: this.thresholdFor(session, settings) };
  }

  /** The threshold a session compresses at (already lowered to a smaller summary window; warned once per session). */
  private thresholdFor(session: SessionRecord, settings: SessionSettings): number {
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

  /** The session's engine, built with `state` as its summary model's anti-thrashing state. */
  async open({ session, settings, threshold }: PreparedSession, state: EngineState): Promise<OpenedEngine> {
    const { store } = this.deps;
    // A summary exists only once a compression was stored; most turns of most sessions need not look.
    const previousSummary =
      session.compression_count > 0 ? ((await store.summaries.latest(session.id))?.body ?? null) : null;
    const { events, logger } = this.deps;
    const summarizer = new SummaryModel({
      models: this.deps.models,
      sessionModel: settings.model,
      now: this.deps.now,
      state,
      meter: this.deps.meter,
      session: { id: session.id, owner: session.owner },
      onFallback: ({ purpose, from, to, kind }) => {
        logger.warn({ session_id: session.id, from, to, kind }, "summary model falls back to another model");
        void events.publish(session.id, "model.fallback", {
          run_id: null,
          purpose,
          from_model: from,
          to_model: to,
          reason: kind,
        });
      },
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
      previousSummary,
      previousAnchors: async () =>
        (await store.anchors.list(session.id)).map((anchor) => ({ ...anchor, kind: anchor.kind as AnchorKind })),
      storedAnchors: session.anchors_indexed
        ? async (seqs) =>
            (await store.messageAnchors.list(session.id, { seqs })).map(({ in_context: _inContext, ...anchor }) => ({
              ...anchor,
              kind: anchor.kind as AnchorKind,
            }))
        : undefined,
      summarizer,
      now: this.deps.now,
    });
    return { engine, summarizer, info };
  }

  /** The active context's rows, and the same as the engine's items (the system prompt first). */
  async itemsOf(session: SessionRecord): Promise<{ rows: StoredMessage[]; items: ContextItem[] }> {
    const rows = await this.deps.store.messages.activeRows(session.id);
    const items: ContextItem[] = [];
    const system = withMemoryBlock(session.system_prompt, session.memory_block);
    if (system) items.push({ role: "system", content: system, tokens: session.system_prompt_tokens });
    for (const row of rows)
      items.push({ ...toChatMessage(row), seq: row.seq, kind: row.kind, tokens: effectiveTokens(row) });
    return { rows, items };
  }

  /**
   * `onSessionStart` of the session's engine, once, when the session is created; awaited, so the engine has heard of
   * the session before its creation is answered (a failing hook is logged, never thrown).
   */
  async sessionStarted(sessionId: string): Promise<void> {
    await this.runHook(sessionId, "onSessionStart", (engine, info) => engine.onSessionStart?.(sessionId, info));
  }

  /** `updateModel` of the session's engine after the session's model changed, before the change is answered. */
  async modelChanged(sessionId: string): Promise<void> {
    await this.runHook(sessionId, "updateModel", (engine, info) =>
      engine.updateModel?.(info.model, info.contextLength),
    );
  }

  /** `onSessionEnd` of the session's engine with its active context, before the session is deleted. */
  async sessionEnding(sessionId: string): Promise<void> {
    await this.runHook(sessionId, "onSessionEnd", async (engine, _info, session) =>
      engine.onSessionEnd?.(sessionId, (await this.itemsOf(session)).items),
    );
  }

  /** A failing hook is logged; it never stops the session from being created, changed or deleted. */
  private async runHook(
    sessionId: string,
    hook: string,
    call: (engine: ContextEngine, info: EngineSessionInfo, session: SessionRecord) => void | Promise<void>,
  ): Promise<void> {
    try {
      const prepared = await this.prepare(sessionId);
      const { engine, info } = await this.open(prepared, readEngineState(prepared.session.engine_state));
      await call(engine, info, prepared.session);
    } catch (err) {
      this.deps.logger.warn({ err, session_id: sessionId, hook }, "the context engine's lifecycle hook failed");
    }
  }
}
