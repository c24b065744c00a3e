/**
 * @module run-model-call
 * One model call of a run, as its watchers see it: the run's context and tools sent down the run's model chain,
 * streamed when someone watches (text as `message.delta`, thoughts as `reasoning.delta`, then the whole reasoning once
 * as `reasoning.available`), each failed attempt logged, and each stand-in model announced as `model.fallback`. The
 * answer carries what the call took (`call`, as `message.created` tells it: its start by the run's clock, its duration
 * and time to first token by the monotonic one) and the messages that were sent (`sent`, what the call is metered by).
 */
import type { ChatMessage } from "../../kernel/chat.js";
import type { ModelTurn } from "../llm/chat-turn.js";
import type { ModelCallView } from "../events/event-types.js";
import type { FallbackNotice } from "../llm/model-chain.js";
import type { LoopDeps, RunParams } from "./run-params.js";
import type { SessionTools } from "./tool-registry.js";

export async function callRunModel(
  deps: LoopDeps,
  params: RunParams,
  context: ChatMessage[],
  tools: SessionTools,
): Promise<ModelTurn & { call: ModelCallView; sent: ChatMessage[] }> {
  const { run, model, signal, streamModel, sessionId, clientTools } = params;
  const messages = await deps.prepareMessages(sessionId, model, context);
  const startedAt = deps.now();
  const sentAt = performance.now();
  let firstTokenMs: number | null = null;
  const schemas = clientTools.length ? [...tools.schemas(), ...clientTools] : tools.schemas();
  const { events, logger } = deps;
  // The whole reasoning is announced once, before the answer it led to (or at the end when none follows).
  let thought = "";
  let announced = false;
  const announce = () => {
    if (announced || !thought) return;
    announced = true;
    // Streamed chunks are published without waiting: the bus stores them in order, before what follows them.
    void events.publish(sessionId, "reasoning.available", { run_id: run.id, text: thought });
  };
  const fellBack = ({ purpose, from, to, kind }: FallbackNotice) => {
    logger.warn({ run_id: run.id, session_id: sessionId, from, to, kind }, "model call falls back to another model");
    void events.publish(sessionId, "model.fallback", {
      run_id: run.id,
      purpose,
      from_model: from,
      to_model: to,
      reason: kind,
    });
  };
  const turn = await deps.models.chat(
    model,
    { messages, tools: schemas, options: run.model_options },
    {
      signal,
      // Stream from the model when someone watches the session live, so they see the answer grow.
      stream: streamModel || events.hasListeners(sessionId),
      onDelta: (content) => {
        announce();
        void events.publish(sessionId, "message.delta", { run_id: run.id, content });
      },
      onReasoningDelta: (content) => {
        thought += content;
        void events.publish(sessionId, "reasoning.delta", { run_id: run.id, content });
      },
      onFirstToken: () => {
        firstTokenMs = Math.round(performance.now() - sentAt);
      },
      onAttemptFailed: ({ attempt, kind, status }) =>
        logger.warn(
          {
            run_id: run.id,
            session_id: sessionId,
            model,
            kind,
            status,
            attempt,
            max_attempts: deps.config.model.max_retries + 1,
          },
          "model call attempt failed",
        ),
      onFallback: fellBack,
    },
  );
  const durationMs = Math.round(performance.now() - sentAt);
  if (!thought && turn.reasoning) thought = turn.reasoning;
  announce();
  const { usage } = turn;
  const call: ModelCallView = {
    started_at: new Date(startedAt).toISOString(),
    duration_ms: durationMs,
    first_token_ms: firstTokenMs,
    usage: usage && {
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
    },
  };
  return { ...turn, call, sent: messages };
}
