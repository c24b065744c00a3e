/**
 * @module turn-usage
 * What an agent turn's model call is recorded as: a `vision` call when its request carried images (the newest
 * screenshots, ../context/tool-images-view.ts), an `agent` call otherwise, counted for the run's key and the
 * session's owner, with the model's tokenizer standing in for a provider that sends no usage; and the work a run
 * does for itself (a compression's summary) counted for the run too.
 */
import type { ChatMessage } from "../../kernel/chat.js";
import type { RunRecord } from "../../db/records.js";
import type { MeteredCall, ModelCallMeter } from "../shared/metering.js";
import { countMessageTokens, countTextTokens } from "../shared/tokens.js";
import type { ModelTurn } from "../llm/chat-turn.js";
import type { RunParams } from "./run-params.js";

/** Whether a request's messages carry an image for the model to see. */
function carriesImages(messages: ChatMessage[]): boolean {
  return messages.some(
    (message) => Array.isArray(message.content) && message.content.some((part) => part.type === "image_url"),
  );
}

export function meteredTurn(params: RunParams, sent: ChatMessage[], turn: ModelTurn): MeteredCall {
  const { run, sessionId, session } = params;
  // The model that did the work: a fallback's when one stood in.
  const { model } = turn;
  return {
    purpose: carriesImages(sent) ? "vision" : "agent",
    model,
    session_id: sessionId,
    owner: session.owner,
    key_id: run.key_id,
    run_id: run.id,
    usage: turn.usage,
    count: {
      input: () => sent.reduce((sum, message) => sum + countMessageTokens(message, model), 0),
      output: () =>
        countTextTokens(
          [turn.content ?? "", ...turn.toolCalls.map((c) => `${c.function.name}(${c.function.arguments})`)].join("\n"),
          model,
        ) + countTextTokens(turn.reasoning ?? "", model),
      reasoning: () => countTextTokens(turn.reasoning ?? "", model),
    },
  };
}

/** Work a run does (a compression), with the model calls it makes counted for the run and its key. */
export function forRun<T>(meter: ModelCallMeter | undefined, run: RunRecord, work: () => Promise<T>): Promise<T> {
  return meter ? meter.within({ run_id: run.id, key_id: run.key_id }, work) : work();
}
