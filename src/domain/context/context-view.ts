import type { Config } from "../../config.js";
import type { Store } from "../../db/store.js";
import { resolveSessionSettings } from "../sessions/settings.js";
import { contextTotalTokens } from "./budgets.js";
import { buildActiveContext } from "./active-context.js";
import type { SessionRecord } from "../../db/records.js";
import type { ChatMessage } from "../../kernel/chat.js";

export type ContextView = {
  messages: ChatMessage[];
  tokens: { total: number; threshold: number; context_length: number; usage_percent: number };
  summary_id: string | null;
  compression_count: number;
  engine: string;
};

/** The active context of a session with the figures the compressor decides on. */
export function buildContextView(config: Config, store: Store, session: SessionRecord): ContextView {
  const settings = resolveSessionSettings(config, session);
  const { messages } = buildActiveContext(store, session);
  const total = contextTotalTokens(session);
  return {
    messages,
    tokens: {
      total,
      threshold: settings.threshold_tokens,
      context_length: settings.context_length,
      usage_percent: Math.round((total / settings.context_length) * 10_000) / 100,
    },
    summary_id: session.compression_count > 0 ? (store.summaries.latest(session.id)?.id ?? null) : null,
    compression_count: session.compression_count,
    engine: settings.engine,
  };
}
