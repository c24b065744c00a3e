/**
 * @module summary-model
 * The model that writes compression summaries: `auxiliary.compression.*` over `model.*`, with the main model tried
 * once more when the two differ. A failure either aborts the compression or lets the fallback summary stand in;
 * timeouts and unusable answers also start a cooldown.
 */
import type { Config } from "../../config/schema.js";
import type { LlmClients, LlmEndpoint } from "../llm/client.js";
import { classifyLlmError } from "../shared/model-errors.js";
import type { Summarizer, SummaryRequestMessage, SummaryResult } from "./summarizer.js";
import { recordSummaryFailure, recordSummarySuccess, type EngineState } from "./engine-state.js";
import { redactSecrets } from "../../kernel/redaction.js";
import type { ModelCallMeter } from "../shared/metering.js";
import { normalizeUsage, type ProviderUsage } from "../shared/provider-usage.js";
import { countTextTokens } from "../shared/tokens.js";

/** Where summaries are written: `auxiliary.compression.*`, each unset field falling back to `model.*`. */
export type SummaryEndpoint = LlmEndpoint & { model: string | null };

export function summaryEndpoint(config: Config, sessionModel: string | null): SummaryEndpoint {
  const aux = config.auxiliary.compression;
  return {
    model: aux.model ?? sessionModel,
    baseURL: aux.base_url ?? config.model.base_url,
    apiKey: aux.api_key ?? config.model.api_key,
    timeoutMs: config.model.timeout_s * 1000,
    maxRetries: config.model.max_retries,
  };
}

export function mainEndpoint(config: Config, sessionModel: string | null): SummaryEndpoint {
  return {
    model: sessionModel,
    baseURL: config.model.base_url,
    apiKey: config.model.api_key,
    timeoutMs: config.model.timeout_s * 1000,
    maxRetries: config.model.max_retries,
  };
}

const reachable = (endpoint: SummaryEndpoint) => Boolean(endpoint.model && (endpoint.baseURL || endpoint.apiKey));
const sameEndpoint = (a: SummaryEndpoint, b: SummaryEndpoint) =>
  a.model === b.model && a.baseURL === b.baseURL && a.apiKey === b.apiKey;

/** Failures that leave the context unchanged instead of falling back (SPEC §5.7). */
const ABORTING_KINDS = new Set(["auth", "quota", "network"]);

class EmptySummaryError extends Error {
  override name = "EmptySummaryError";
}

type Attempt = { ok: true; text: string; model: string } | { ok: false; kind: string; reason: string };

/**
 * Calls the summary model once, retries once on the main model when the summary model is a
 * different one, and turns failures into abort / fallback decisions plus cooldowns. The state it
 * updates is persisted by the manager.
 */
export class SummaryModel implements Summarizer {
  state: EngineState;

  constructor(
    private readonly deps: {
      config: Config;
      llm: LlmClients;
      sessionModel: string | null;
      now: () => number;
      state: EngineState;
      /** Records each summary call, for the session's owner and the run (and key) the compression serves. */
      meter?: ModelCallMeter;
      session?: { id: string; owner: string | null };
    },
  ) {
    this.state = deps.state;
  }

  async summarize(messages: SummaryRequestMessage[], signal?: AbortSignal): Promise<SummaryResult> {
    const { config, sessionModel, now } = this.deps;
    const primary = summaryEndpoint(config, sessionModel);
    const main = mainEndpoint(config, sessionModel);
    const endpoints = [primary, ...(!sameEndpoint(primary, main) && reachable(main) ? [main] : [])].filter(reachable);
    if (endpoints.length === 0) return { ok: false, abort: false, reason: "no summary model is configured" };
    const cooldown = this.state.summary_cooldown_until;
    if (cooldown !== null && now() < cooldown) {
      return {
        ok: false,
        abort: false,
        reason: `the summary model is cooling down after "${this.state.last_failure ?? "a failure"}" until ${new Date(cooldown).toISOString()}`,
      };
    }
    let last: Attempt | null = null;
    for (const endpoint of endpoints) {
      if (signal?.aborted) return { ok: false, abort: true, reason: "cancelled" };
      last = await this.attempt(endpoint, messages, signal);
      if (last.ok) {
        this.state = recordSummarySuccess(this.state);
        return { ok: true, text: last.text, model: last.model };
      }
    }
    const failure = last as Extract<Attempt, { ok: false }>;
    if (signal?.aborted) return { ok: false, abort: true, reason: "cancelled" };
    if (ABORTING_KINDS.has(failure.kind)) {
      this.state = recordSummaryFailure(this.state, "other", failure.reason, now());
      return { ok: false, abort: true, reason: failure.reason };
    }
    const cooldownKind = failure.kind === "timeout" ? "timeout" : failure.kind === "malformed" ? "malformed" : "other";
    this.state = recordSummaryFailure(this.state, cooldownKind, failure.reason, now());
    return { ok: false, abort: false, reason: failure.reason };
  }

  /** Records a summary call (answered, whatever its answer was worth). */
  private async meter(
    model: string,
    messages: SummaryRequestMessage[],
    usage: ProviderUsage | null | undefined,
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
      usage: normalizeUsage(usage),
      count: {
        input: () => messages.reduce((sum, message) => sum + countTextTokens(message.content, model), 0),
        output: () => countTextTokens(text, model),
        reasoning: () => 0,
      },
    });
  }

  private async attempt(
    endpoint: SummaryEndpoint,
    messages: SummaryRequestMessage[],
    signal?: AbortSignal,
  ): Promise<Attempt> {
    const model = endpoint.model as string;
    try {
      const client = this.deps.llm.get(endpoint);
      // No output cap is sent: the length target is guidance inside the prompt (SPEC §5.3).
      const response = await client.chat.completions.create({ model, messages, stream: false }, { signal });
      const choice = response.choices?.[0];
      const text = typeof choice?.message?.content === "string" ? choice.message.content.trim() : "";
      await this.meter(model, messages, response.usage, text);
      if (choice?.finish_reason === "length")
        throw new EmptySummaryError("the summary was cut off (finish_reason: length)");
      if (!text) throw new EmptySummaryError("the summary model answered with empty content");
      return { ok: true, text, model };
    } catch (err) {
      if (err instanceof EmptySummaryError) return { ok: false, kind: "malformed", reason: `${model}: ${err.message}` };
      const classified = classifyLlmError(err);
      // A provider's error can echo what it was sent; the reason is stored (engine state) and shown (compress result).
      const message = redactSecrets(classified.message);
      return {
        ok: false,
        kind: classified.kind,
        reason: `summary model ${model} failed (${classified.kind}): ${message}`,
      };
    }
  }
}
