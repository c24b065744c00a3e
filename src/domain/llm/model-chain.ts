/**
 * @module model-chain
 * A model and the models that stand in for it, tried in order: a call goes to the first one whose circuit breaker
 * admits it, and on a failure another model may not have (the endpoint down, slow, rate limited past its retries,
 * failing, answering nonsense — or the prompt over its window, then only to a model with a larger one) the next is
 * tried. Auth, quota and bad-request failures end the call as they are. A model whose breaker is open goes to the back
 * of the chain: it is still tried when every other one failed, so a breaker never fails a call that could have
 * succeeded. Each attempt is a span (OpenTelemetry GenAI conventions) and a record for the metrics.
 */
import type OpenAI from "openai";
import { SpanKind, type Span } from "@opentelemetry/api";
import type { TokenUsage } from "../../kernel/chat.js";
import { failureKindOf, fallsThrough, type LlmFailureKind } from "../shared/model-errors.js";
import { inSpan } from "../shared/tracing.js";
import type { CircuitBreakers } from "./circuit-breaker.js";
import type { LlmClients } from "./client.js";

/** One model of a chain: its name, where it is served, and its context window. */
export type ModelTarget = { model: string; baseURL: string | null; apiKey: string | null; contextLength: number };

/** What the chain calls a model for. */
export type ModelPurpose = "agent" | "compression";

/** A model stood in for another after a failure. */
export type FallbackNotice = {
  purpose: ModelPurpose;
  from: string;
  to: string;
  kind: LlmFailureKind | "empty";
  reason: string;
};

/** One attempt of a model call, as the metrics count it. */
export type ModelCallRecord = {
  purpose: ModelPurpose;
  model: string;
  outcome: "ok" | LlmFailureKind | "empty";
  durationMs: number;
  /** Time to the first streamed token, for a streamed call that got one. */
  firstTokenMs: number | null;
  usage: TokenUsage | null;
};

/** Who hears of every model call and fallback (the metrics); a port the wiring fills. */
export type ModelCallObserver = {
  modelCalled(record: ModelCallRecord): void;
  fellBack(notice: FallbackNotice): void;
};

/** What an attempt reports of its answer, for its span and its record. */
export type AttemptOutcome = {
  usage: TokenUsage | null;
  finishReason: string | null;
  responseModel: string | null;
  /** The answer as the span may show it, when content capture is on. */
  output?: string;
};

/** Marks an attempt makes as it goes. */
export type AttemptMarks = { firstToken: () => void };

export type ChainDeps = {
  clients: LlmClients;
  breakers: CircuitBreakers;
  timeoutMs: number;
  maxRetries: number;
  observer: ModelCallObserver | null;
  captureContent: boolean;
};

/** The GenAI conventions' provider name, from where a model is served. */
function providerOf(baseURL: string | null): { provider: string; host: string } {
  let host = "api.openai.com";
  try {
    if (baseURL) host = new URL(baseURL).hostname;
  } catch {
    host = "";
  }
  const known: Array<[RegExp, string]> = [
    [/openai\.azure\.com$|\.azure\.com$/, "azure.ai.openai"],
    [/openrouter\.ai$/, "openrouter"],
    [/deepseek\.com$/, "deepseek"],
    [/groq\.com$/, "groq"],
    [/anthropic\.com$/, "anthropic"],
    [/googleapis\.com$/, "gcp.gemini"],
    [/together\.(xyz|ai)$/, "together"],
  ];
  for (const [pattern, provider] of known) if (pattern.test(host)) return { provider, host };
  return { provider: "openai", host };
}

const keyOf = (target: ModelTarget) => JSON.stringify([target.baseURL, target.model]);

export class ModelChain {
  constructor(
    readonly purpose: ModelPurpose,
    readonly targets: ModelTarget[],
    private readonly deps: ChainDeps,
  ) {}

  get captureContent(): boolean {
    return this.deps.captureContent;
  }

  /**
   * Calls `attempt` with each model in turn until one answers; the answer and the model that gave it come back, or
   * the last failure is thrown. The models whose breaker admits a call are tried first, in order, the others after
   * them. `onFallback` hears of each stand-in before it is called.
   */
  async call<T>(
    attempt: (client: OpenAI, target: ModelTarget, span: Span, marks: AttemptMarks) => Promise<T>,
    hooks: {
      signal?: AbortSignal;
      onFallback?: (notice: FallbackNotice) => void;
      outcome: (value: T) => AttemptOutcome;
    },
  ): Promise<{ value: T; target: ModelTarget }> {
    let failed: { target: ModelTarget; kind: LlmFailureKind | "empty"; err: unknown } | null = null;
    const tryOne = async (target: ModelTarget): Promise<{ value: T; target: ModelTarget } | null> => {
      // A prompt over one model's window goes only to a model with a larger one.
      if (failed?.kind === "context_length" && target.contextLength <= failed.target.contextLength) {
        this.deps.breakers.released(keyOf(target));
        return null;
      }
      if (failed) {
        const notice: FallbackNotice = {
          purpose: this.purpose,
          from: failed.target.model,
          to: target.model,
          kind: failed.kind,
          reason: failed.err instanceof Error ? failed.err.message : String(failed.err),
        };
        hooks.onFallback?.(notice);
        this.deps.observer?.fellBack(notice);
      }
      try {
        const value = await this.attempt(target, attempt, hooks.outcome);
        this.deps.breakers.succeeded(keyOf(target));
        return { value, target };
      } catch (err) {
        const kind = failureKindOf(err);
        if (hooks.signal?.aborted || !fallsThrough(kind)) {
          this.deps.breakers.released(keyOf(target));
          throw err;
        }
        // An over-long prompt says nothing of the model's health.
        if (kind === "context_length") this.deps.breakers.released(keyOf(target));
        else this.deps.breakers.failed(keyOf(target), `${kind}: ${err instanceof Error ? err.message : String(err)}`);
        failed = { target, kind, err };
        return null;
      }
    };
    const held: ModelTarget[] = [];
    for (const target of this.targets) {
      if (!this.deps.breakers.admit(keyOf(target))) {
        held.push(target);
        continue;
      }
      const answered = await tryOne(target);
      if (answered) return answered;
    }
    for (const target of held) {
      const answered = await tryOne(target);
      if (answered) return answered;
    }
    const last = (failed as { err: unknown } | null)?.err;
    if (last instanceof Error) throw last;
    throw new Error(last === undefined ? "the model chain has no model to call" : "every model of the chain failed");
  }

  /** One attempt with one model: its span, its timing, its record. */
  private async attempt<T>(
    target: ModelTarget,
    attempt: (client: OpenAI, target: ModelTarget, span: Span, marks: AttemptMarks) => Promise<T>,
    outcome: (value: T) => AttemptOutcome,
  ): Promise<T> {
    const { provider, host } = providerOf(target.baseURL);
    const client = this.deps.clients.get({
      baseURL: target.baseURL,
      apiKey: target.apiKey,
      timeoutMs: this.deps.timeoutMs,
      maxRetries: this.deps.maxRetries,
    });
    const started = performance.now();
    let firstTokenMs: number | null = null;
    const marks: AttemptMarks = {
      firstToken: () => {
        firstTokenMs ??= performance.now() - started;
      },
    };
    const attributes = {
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": provider,
      "gen_ai.system": provider,
      "gen_ai.request.model": target.model,
      "server.address": host,
      "caduceus.model.purpose": this.purpose,
    };
    return inSpan(`chat ${target.model}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        const value = await attempt(client, target, span, marks);
        const { usage, finishReason, responseModel, output } = outcome(value);
        if (responseModel) span.setAttribute("gen_ai.response.model", responseModel);
        if (finishReason) span.setAttribute("gen_ai.response.finish_reasons", [finishReason]);
        if (usage) {
          span.setAttribute("gen_ai.usage.input_tokens", usage.prompt_tokens);
          span.setAttribute("gen_ai.usage.output_tokens", usage.completion_tokens);
        }
        if (output !== undefined && this.deps.captureContent) span.setAttribute("gen_ai.output.messages", output);
        this.record(target, "ok", started, firstTokenMs, usage);
        return value;
      } catch (err) {
        span.setAttribute("error.type", failureKindOf(err));
        this.record(target, failureKindOf(err), started, firstTokenMs, null);
        throw err;
      }
    });
  }

  private record(
    target: ModelTarget,
    outcome: ModelCallRecord["outcome"],
    started: number,
    firstTokenMs: number | null,
    usage: TokenUsage | null,
  ): void {
    this.deps.observer?.modelCalled({
      purpose: this.purpose,
      model: target.model,
      outcome,
      durationMs: performance.now() - started,
      firstTokenMs,
      usage,
    });
  }
}
