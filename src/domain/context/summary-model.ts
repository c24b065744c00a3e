/**
 * @module summary-model
 * The model that writes compression summaries: the compression chain of ../llm/model-router.ts
 * (`auxiliary.compression.*`, its fallbacks, then the session's model). A failure of the whole chain either aborts the
 * compression or lets the fallback summary stand in; timeouts and unusable answers also start a cooldown.
 */
import type { FallbackNotice } from "../llm/model-chain.js";
import type { ModelRouter } from "../llm/model-router.js";
import { classifyLlmError, ModelFailure } from "../shared/model-errors.js";
import type { Summarizer, SummaryRequestMessage, SummaryResult } from "./summarizer.js";
import { recordSummaryFailure, recordSummarySuccess, type EngineState } from "./engine-state.js";
import { redactSecrets } from "../../kernel/redaction.js";
import type { ModelCallMeter } from "../shared/metering.js";
import type { TokenUsage } from "../../kernel/chat.js";
import { countTextTokens } from "../shared/tokens.js";

/** Failures that leave the context unchanged instead of falling back (SPEC §5.7). */
const ABORTING_KINDS = new Set(["auth", "quota", "network"]);

/**
 * Asks the compression chain for a summary and turns a failure of every model into an abort / fallback decision plus
 * a cooldown. The state it updates is persisted by the manager.
 */
export class SummaryModel implements Summarizer {
  state: EngineState;

  constructor(
    private readonly deps: {
      models: ModelRouter;
      sessionModel: string | null;
      now: () => number;
      state: EngineState;
      /** Records each summary call, for the session's owner and the run (and key) the compression serves. */
      meter?: ModelCallMeter;
      session?: { id: string; owner: string | null };
      /** Hears of a summary model standing in for another. */
      onFallback?: (notice: FallbackNotice) => void;
    },
  ) {
    this.state = deps.state;
  }

  async summarize(messages: SummaryRequestMessage[], signal?: AbortSignal): Promise<SummaryResult> {
    const { models, sessionModel, now } = this.deps;
    if (models.summaryTargets(sessionModel).length === 0)
      return { ok: false, abort: false, reason: "no summary model is configured" };
    const cooldown = this.state.summary_cooldown_until;
    if (cooldown !== null && now() < cooldown) {
      return {
        ok: false,
        abort: false,
        reason: `the summary model is cooling down after "${this.state.last_failure ?? "a failure"}" until ${new Date(cooldown).toISOString()}`,
      };
    }
    if (signal?.aborted) return { ok: false, abort: true, reason: "cancelled" };
    try {
      const answer = await models.summarize(sessionModel, messages, {
        signal,
        onFallback: this.deps.onFallback,
        onAnswer: ({ model, usage, text }) => this.meter(model, messages, usage, text),
      });
      this.state = recordSummarySuccess(this.state);
      return { ok: true, text: answer.text, model: answer.model };
    } catch (err) {
      if (signal?.aborted) return { ok: false, abort: true, reason: "cancelled" };
      const { kind, message } = classifyLlmError(err);
      // A provider's error can echo what it was sent; the reason is stored (engine state) and shown (compress result).
      const reason = redactSecrets(err instanceof ModelFailure ? err.message : message);
      if (ABORTING_KINDS.has(kind)) {
        this.state = recordSummaryFailure(this.state, "other", reason, now());
        return { ok: false, abort: true, reason };
      }
      const cooldownKind = kind === "timeout" ? "timeout" : kind === "malformed" ? "malformed" : "other";
      this.state = recordSummaryFailure(this.state, cooldownKind, reason, now());
      return { ok: false, abort: false, reason };
    }
  }

  /** Records a summary call (answered, whatever its answer was worth). */
  private async meter(
    model: string,
    messages: SummaryRequestMessage[],
    usage: TokenUsage | null,
    text: string,
  ): Promise<void> {
    const { meter, session } = this.deps;
    if (!meter) return;
    const attribution = meter.attribution();
    await meter.record({
      purpose: "compression",
      model,
      session_id: session?.id ?? null,
      owner: session?.owner ?? null,
      key_id: attribution?.key_id ?? null,
      run_id: attribution?.run_id ?? null,
      usage,
      count: {
        input: () => messages.reduce((sum, message) => sum + countTextTokens(message.content, model), 0),
        output: () => countTextTokens(text, model),
        reasoning: () => 0,
      },
    });
  }
}
