/**
 * @module settings
 * The settings a session runs with: the server's configuration with the keys the session may own laid over it,
 * and the context window and compression threshold of the model it uses.
 */
import type { BrowserConfig, CompressionConfig, Config } from "../../config.js";
import { contextLengthFor } from "../llm/context-windows.js";
import { computeThresholdTokens, thresholdWithinSummaryWindow } from "../context/budgets.js";
import { ownedSessionConfig } from "./config-policy.js";
import type { SessionRecord } from "../../db/records.js";

/** The configuration a session runs with: server defaults overlaid with the session's own overrides. */
export type SessionSettings = {
  model: string | null;
  context_length: number;
  threshold_tokens: number;
  compression: CompressionConfig;
  /** The operator's browser section with only the keys a session may own laid over it. */
  browser: BrowserConfig;
  engine: string;
};

export function resolveSessionSettings(
  config: Config,
  session: Pick<SessionRecord, "model" | "config">,
): SessionSettings {
  const model = session.model ?? config.model.name;
  const contextLength = contextLengthFor(
    model,
    session.model && session.model !== config.model.name ? null : config.model.context_length,
  );
  // Whatever the row holds, only what a session may own is read from it (SPEC §3): an older row with
  // executable_path or allow_file_urls in its JSON changes nothing.
  const own = ownedSessionConfig(session.config, config);
  const compression = { ...config.compression, ...(own.compression ?? {}) };
  return {
    model,
    context_length: contextLength,
    threshold_tokens: thresholdWithinSummaryWindow(computeThresholdTokens(contextLength, compression), config),
    compression,
    browser: { ...config.browser, ...(own.browser ?? {}) },
    engine: own.engine ?? config.context.engine,
  };
}
