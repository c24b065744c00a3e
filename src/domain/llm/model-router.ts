/**
 * @module model-router
 * The models the server calls, as the configuration chains them: a run's model then `model.fallbacks`; a
 * compression's summary model (`auxiliary.compression.*`) then `auxiliary.compression.fallbacks`, then the session's
 * own model (SPEC §5.7's retry on the main model). Every unset endpoint or key of a fallback is the one of the model it
 * stands in for. One set of circuit breakers is shared by every chain of the process.
 */
import type { Config, FallbackModelConfig } from "../../config/schema.js";
import type { ChatMessage, TokenUsage } from "../../kernel/chat.js";
import { contextLengthFor } from "../shared/context-windows.js";
import { classifyLlmError, ModelFailure } from "../shared/model-errors.js";
import { CircuitBreakers, type BreakerView } from "./circuit-breaker.js";
import { usageOf } from "./provider-quirks.js";
import type { LlmClients } from "./client.js";
import { callModel, type AttemptFailure, type ModelRequest, type ModelTurn } from "./model-call.js";
import {
  ModelChain,
  type FallbackNotice,
  type ModelCallObserver,
  type ModelPurpose,
  type ModelTarget,
} from "./model-chain.js";

/** What a run's model call carries besides its messages and tools. */
export type ChatOptions = {
  signal: AbortSignal;
  stream: boolean;
  onDelta: (text: string) => void;
  onReasoningDelta: (text: string) => void;
  /** The first text, thought or tool call of the answer arrived (time to first token). */
  onFirstToken?: () => void;
  onAttemptFailed: (failure: AttemptFailure) => void;
  onFallback: (notice: FallbackNotice) => void;
};

/** A written summary and the model that wrote it. */
export type SummaryAnswer = { text: string; model: string };

/** One answer a summary model gave (kept or not): what it is metered by. */
export type SummaryAttempt = { model: string; usage: TokenUsage | null; text: string };

const reachable = (target: ModelTarget) => Boolean(target.model && (target.baseURL || target.apiKey));
const sameTarget = (a: ModelTarget, b: ModelTarget) =>
  a.model === b.model && a.baseURL === b.baseURL && a.apiKey === b.apiKey;

export class ModelRouter {
  readonly breakers: CircuitBreakers;

  constructor(
    private readonly deps: {
      config: Config;
      clients: LlmClients;
      now: () => number;
      observer: ModelCallObserver | null;
    },
  ) {
    const { breaker } = deps.config.model;
    this.breakers = new CircuitBreakers({
      cooldownMs: breaker.cooldown_s * 1000,
      failureThreshold: breaker.failure_threshold,
      now: deps.now,
    });
  }

  private fallbackTargets(fallbacks: FallbackModelConfig[], over: ModelTarget): ModelTarget[] {
    return fallbacks.map((fallback) => ({
      model: fallback.model,
      baseURL: fallback.base_url ?? over.baseURL,
      apiKey: fallback.api_key ?? over.apiKey,
      contextLength: contextLengthFor(fallback.model, fallback.context_length),
    }));
  }

  /** A run's chain: its model on `model.*`, then `model.fallbacks`. */
  agentTargets(model: string): ModelTarget[] {
    const { model: settings } = this.deps.config;
    const primary: ModelTarget = {
      model,
      baseURL: settings.base_url,
      apiKey: settings.api_key,
      contextLength: contextLengthFor(model, settings.context_length),
    };
    return [primary, ...this.fallbackTargets(settings.fallbacks, primary)];
  }

  /** A compression's chain: the summary model, its fallbacks, then the session's model when it is another one. */
  summaryTargets(sessionModel: string | null): ModelTarget[] {
    const { config } = this.deps;
    const aux = config.auxiliary.compression;
    const model = aux.model ?? sessionModel ?? "";
    const primary: ModelTarget = {
      model,
      baseURL: aux.base_url ?? config.model.base_url,
      apiKey: aux.api_key ?? config.model.api_key,
      contextLength: contextLengthFor(model, aux.context_length ?? config.model.context_length),
    };
    const main: ModelTarget = {
      model: sessionModel ?? "",
      baseURL: config.model.base_url,
      apiKey: config.model.api_key,
      contextLength: contextLengthFor(sessionModel, config.model.context_length),
    };
    const chain: ModelTarget[] = [];
    for (const target of [primary, ...this.fallbackTargets(aux.fallbacks, primary), main])
      if (reachable(target) && !chain.some((known) => sameTarget(known, target))) chain.push(target);
    return chain;
  }

  private chain(purpose: ModelPurpose, targets: ModelTarget[]): ModelChain {
    const { config, clients, observer } = this.deps;
    return new ModelChain(purpose, targets, {
      clients,
      breakers: this.breakers,
      timeoutMs: config.model.timeout_s * 1000,
      maxRetries: config.model.max_retries,
      observer,
      captureContent: config.telemetry.capture_content,
    });
  }

  /** The breaker of one model of a chain (readiness). */
  breakerOf(target: ModelTarget): BreakerView {
    return this.breakers.view(JSON.stringify([target.baseURL, target.model]));
  }

  /** One model call of a run: its model, or the first fallback that answers. The turn names the model that did. */
  async chat(model: string, request: Omit<ModelRequest, "model">, options: ChatOptions): Promise<ModelTurn> {
    const chain = this.chain("agent", this.agentTargets(model));
    const { value } = await chain.call(
      (client, target, span, marks) => {
        if (chain.captureContent) span.setAttribute("gen_ai.input.messages", JSON.stringify(request.messages));
        const onFirstToken = () => {
          marks.firstToken();
          options.onFirstToken?.();
        };
        return callModel(client, { ...request, model: target.model }, { ...options, onFirstToken });
      },
      {
        signal: options.signal,
        onFallback: options.onFallback,
        outcome: (turn) => ({
          usage: turn.usage,
          finishReason: turn.finishReason,
          responseModel: turn.responseModel,
          output: JSON.stringify({ content: turn.content, tool_calls: turn.toolCalls }),
        }),
      },
    );
    return value;
  }

  /**
   * One summary from the compression chain. An empty summary, or one cut off at the output limit, is a `malformed`
   * failure, so the next model of the chain writes it instead.
   */
  async summarize(
    sessionModel: string | null,
    messages: ChatMessage[],
    options: {
      signal?: AbortSignal;
      onFallback?: (notice: FallbackNotice) => void;
      /** Each answer a model gave, before it is judged (an empty or cut-off one was still paid for). */
      onAnswer?: (attempt: SummaryAttempt) => Promise<void>;
    },
  ): Promise<SummaryAnswer> {
    const chain = this.chain("compression", this.summaryTargets(sessionModel));
    const { value } = await chain.call(
      async (client, target, span) => {
        if (chain.captureContent) span.setAttribute("gen_ai.input.messages", JSON.stringify(messages));
        // No output cap is sent: the length target is guidance inside the prompt (SPEC §5.3).
        const response = await client.chat.completions
          .create({ model: target.model, messages: messages as never, stream: false }, { signal: options.signal })
          .catch((err: unknown) => {
            const { kind, message, status } = classifyLlmError(err);
            throw new ModelFailure(kind, `summary model ${target.model} failed (${kind}): ${message}`, status);
          });
        const choice = response.choices?.[0];
        const text = typeof choice?.message?.content === "string" ? choice.message.content.trim() : "";
        const usage = usageOf(response);
        await options.onAnswer?.({ model: target.model, usage, text });
        if (choice?.finish_reason === "length")
          throw new ModelFailure("malformed", `${target.model}: the summary was cut off (finish_reason: length)`);
        if (!text)
          throw new ModelFailure("malformed", `${target.model}: the summary model answered with empty content`);
        return { text, model: target.model, usage, responseModel: response.model ?? null };
      },
      {
        signal: options.signal,
        onFallback: options.onFallback,
        outcome: (answer) => ({
          usage: answer.usage,
          finishReason: "stop",
          responseModel: answer.responseModel,
          output: answer.text,
        }),
      },
    );
    return { text: value.text, model: value.model };
  }
}
