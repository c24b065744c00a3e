/**
 * @module compression-triggers
 * When a run compresses its session's context (SPEC §5.7): before the run (hygiene at `hygiene_threshold` of the
 * window or at 400 rows, then the engine's pre-flight check) and after each model response (the real prompt count
 * against the threshold, unless anti-thrashing blocks automatic compressions for now).
 */
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { TokenUsage } from "../../kernel/chat.js";
import { notFound } from "../../kernel/errors.js";
import { contextTotalTokens, HYGIENE_MAX_MESSAGES } from "../shared/budgets.js";
import type { Compressions } from "./compressions.js";
import type { EngineSessions, PreparedSession } from "./engine-session.js";
import { isAutoBlocked, readEngineState, recordRealPromptCount, type EngineState } from "./engine-state.js";
import { responseFigures, type CompressOutcome, type RunCompression } from "../shared/compression.js";

export type CompressionTriggersDeps = {
  store: Store;
  now: () => number;
  engineSessions: EngineSessions;
  compressions: Compressions;
};

export class CompressionTriggers implements RunCompression {
  constructor(private readonly deps: CompressionTriggersDeps) {}

  async prepareForRun(sessionId: string, signal?: AbortSignal, runId?: string): Promise<CompressOutcome | null> {
    const { engineSessions, compressions } = this.deps;
    const prepared = await engineSessions.prepare(sessionId);
    const { session, settings, threshold } = prepared;
    if (!settings.compression.enabled) return null;
    const total = contextTotalTokens(session);
    const hygiene =
      total >= settings.compression.hygiene_threshold * settings.context_length ||
      session.context_message_count >= HYGIENE_MAX_MESSAGES;
    if (hygiene) return compressions.compress(sessionId, { trigger: "hygiene", signal, runId });
    if (isAutoBlocked(readEngineState(session.engine_state), this.deps.now())) return null;
    const { engine } = await engineSessions.open(prepared, readEngineState(session.engine_state));
    const due = engine.shouldCompressPreflight
      ? engine.shouldCompressPreflight((await engineSessions.itemsOf(session)).items)
      : total >= threshold;
    return due ? compressions.compress(sessionId, { trigger: "preflight", signal, runId }) : null;
  }

  async afterResponse(
    sessionId: string,
    usage: TokenUsage,
    signal?: AbortSignal,
    runId?: string,
  ): Promise<CompressOutcome | null> {
    const { engineSessions, compressions, store } = this.deps;
    const now = this.deps.now();
    const figures = responseFigures(usage);
    // Most responses only bring the session's figures up to date: one write, which leaves the engine state alone.
    const updated = await store.sessions.update(sessionId, figures, now);
    if (!updated) throw notFound("session", sessionId);
    let prepared = engineSessions.preparedFrom(updated);
    let state = readEngineState(updated.engine_state);
    if (state.awaiting_usage) {
      // The first response after a compression also tells the anti-thrashing state whether it worked. The state is
      // read and written back in one transaction: a compression's state landing between the two would otherwise be
      // overwritten with the older one.
      ({ prepared, state } = await store.transaction(async () => {
        await store.sessions.lock(sessionId);
        const { session, threshold } = await engineSessions.prepare(sessionId);
        const next = recordRealPromptCount(readEngineState(session.engine_state), usage.prompt_tokens, threshold, now);
        const written = await store.sessions.update(sessionId, { ...figures, engine_state: { ...next } }, now);
        return { prepared: engineSessions.preparedFrom(written ?? session), state: next };
      }));
    }
    return (await this.dueAfter(prepared, state, usage, now))
      ? compressions.compress(sessionId, { trigger: "threshold", signal, runId })
      : null;
  }

  async settlesQuietly(session: SessionRecord, usage: TokenUsage): Promise<boolean> {
    const state = readEngineState(session.engine_state);
    if (state.awaiting_usage) return false;
    const prepared = this.deps.engineSessions.preparedFrom({ ...session, ...responseFigures(usage) });
    return !(await this.dueAfter(prepared, state, usage, this.deps.now()));
  }

  /** Whether the real count of a response calls for a compression, unless compressions are off or blocked for now. */
  private async dueAfter(
    prepared: PreparedSession,
    state: EngineState,
    usage: TokenUsage,
    now: number,
  ): Promise<boolean> {
    if (!prepared.settings.compression.enabled || isAutoBlocked(state, now)) return false;
    const { engine } = await this.deps.engineSessions.open(prepared, state);
    engine.updateFromResponse(usage);
    return engine.shouldCompress(usage.prompt_tokens);
  }
}
