import { contextLengthFor, type BrowserConfig, type CompressionConfig, type Config } from "../../config.js";
import { computeThresholdTokens, thresholdWithinSummaryWindow } from "../context/budgets.js";
import type { SessionRecord } from "../types.js";

/** The configuration a session runs with: server defaults overlaid with the session's own overrides. */
export type SessionSettings = {
  model: string | null;
  context_length: number;
  threshold_tokens: number;
  compression: CompressionConfig;
  browser: BrowserConfig;
  engine: string;
};

export function resolveSessionSettings(config: Config, session: Pick<SessionRecord, "model" | "config">): SessionSettings {
  const model = session.model ?? config.model.name;
  const contextLength = contextLengthFor(model, session.model && session.model !== config.model.name ? null : config.model.context_length);
  const compression = { ...config.compression, ...(session.config.compression ?? {}) };
  return {
    model,
    context_length: contextLength,
    threshold_tokens: thresholdWithinSummaryWindow(computeThresholdTokens(contextLength, compression), config),
    compression,
    browser: { ...config.browser, ...(session.config.browser ?? {}) },
    engine: session.config.engine ?? config.context.engine,
  };
}
