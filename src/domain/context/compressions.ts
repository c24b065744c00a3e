/**
 * @module compressions
 * One compression of a session's context: the session's engine decides what to keep, the plan is checked (never a
 * bigger context, never an unusable one), and the compression store writes it; the session hears of it as a
 * `context.compressing` event before the engine runs and a `context.compressed` event once it landed. Compressions of one session run one at a time: a second request waits for the first.
 */
import type { Logger } from "../../logger.js";
import type { EventBus } from "../events/bus.js";
import { contextTotalTokens, HYGIENE_MAX_MESSAGES } from "../shared/budgets.js";
import { EngineOutputError, isEmptyPlan, planCompression, type CompressionPlan } from "./compression-plan.js";
import type { CompressionStore } from "./compression-store.js";
import { effectiveTokens } from "./active-context.js";
import { normalizeResult, type EngineCompressResult } from "./engine.js";
import type { EngineSessions } from "./engine-session.js";
import { readEngineState } from "./engine-state.js";
import type { CompressOutcome, CompressRequest } from "../shared/compression.js";
import { inSpan } from "../shared/tracing.js";

export type CompressionsDeps = {
  engineSessions: EngineSessions;
  compressionStore: CompressionStore;
  events: EventBus;
  logger: Logger;
  now: () => number;
};

const elapsedMs = (since: number) => Math.round(performance.now() - since);

export class Compressions {
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: CompressionsDeps) {}

  /** Compresses the session's context now, after any compression of it already under way. */
  compress(sessionId: string, request: CompressRequest): Promise<CompressOutcome> {
    const previous = this.running.get(sessionId) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() =>
        inSpan(
          "compression",
          { attributes: { "caduceus.session_id": sessionId, "caduceus.compression.trigger": request.trigger } },
          async (span) => {
            const outcome = await this.compressNow(sessionId, request);
            span.setAttributes({
              "caduceus.compression.compressed": outcome.compressed,
              "caduceus.compression.tokens_before": outcome.tokens_before,
              "caduceus.compression.tokens_after": outcome.tokens_after,
              "caduceus.compression.fallback_used": outcome.fallback_used,
            });
            return outcome;
          },
        ),
      );
    this.running.set(sessionId, next);
    void next
      .finally(() => {
        if (this.running.get(sessionId) === next) this.running.delete(sessionId);
      })
      .catch(() => undefined);
    return next;
  }

  private async compressNow(sessionId: string, request: CompressRequest): Promise<CompressOutcome> {
    const { engineSessions, compressionStore } = this.deps;
    const prepared = await engineSessions.prepare(sessionId);
    const { session, settings } = prepared;
    const tokensBefore = contextTotalTokens(session);
    const startedAt = performance.now();
    const logged = { session_id: sessionId, trigger: request.trigger, engine: settings.engine };
    const unchanged = (reason: string, fallback = false): CompressOutcome => {
      if (!request.dryRun) {
        this.deps.logger.info(
          { ...logged, reason, tokens_before: tokensBefore, duration_ms: elapsedMs(startedAt) },
          "context compression changed nothing",
        );
      }
      return {
        compressed: false,
        reason,
        tokens_before: tokensBefore,
        tokens_after: tokensBefore,
        messages_compacted: 0,
        summary: null,
        fallback_used: fallback,
        anchors_added: 0,
      };
    };
    const { rows, items } = await engineSessions.itemsOf(session);
    if (rows.length === 0) return unchanged("the context is empty");
    const { engine, summarizer } = await engineSessions.open(prepared, readEngineState(session.engine_state));
    // A dry run changes nothing, so it announces nothing: a stream shows only compressions that may land.
    if (!request.dryRun) {
      await this.deps.events.publish(sessionId, "context.compressing", {
        ...(request.runId ? { run_id: request.runId } : {}),
        session_id: sessionId,
        trigger: request.trigger,
        engine: settings.engine,
        tokens_before: tokensBefore,
      });
    }
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
      if (!request.dryRun) await compressionStore.saveState(sessionId, summarizer.state);
    }
    if (result.aborted) return unchanged(result.aborted.reason);
    let plan: CompressionPlan;
    try {
      // The system prompt's tokens include the memory frozen into it (0 when there is neither).
      plan = planCompression(rows, result.messages, session.system_prompt_tokens, settings.model);
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
    const persisted = await compressionStore.persist(session, plan, {
      compactedSeqs,
      summary,
      anchors,
      focusTopic: request.focusTopic ?? null,
      tokensBefore,
      now: this.deps.now(),
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
    await this.deps.events.publish(sessionId, "context.compressed", {
      ...(request.runId ? { run_id: request.runId } : {}),
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
      {
        ...logged,
        tokens_before: outcome.tokens_before,
        tokens_after: outcome.tokens_after,
        messages_compacted: outcome.messages_compacted,
        fallback_used: outcome.fallback_used,
        // Why the summary model gave no summary: its own failures are not logged where they happen.
        ...(outcome.fallback_used ? { summary_failure: summarizer.state.last_failure } : {}),
        anchors_added: outcome.anchors_added,
        duration_ms: elapsedMs(startedAt),
      },
      "context compressed",
    );
    return outcome;
  }
}
