/**
 * @module engine
 * The context engine contract (SPEC §5.1) the built-in compressor and plugins implement: the items an engine works
 * on, what compress() hands back, anchors, and what an engine is given when it is created for a session.
 */
import type { CompressionConfig } from "../../config/schema.js";
import type { Summarizer } from "./summarizer.js";
import type { ChatMessage, TokenUsage } from "../../kernel/chat.js";

export { ENGINE_NAME_PATTERN } from "../shared/config-policy.js";

/**
 * One item of the context an engine works on. Items carrying `seq` stand for stored transcript
 * rows (possibly shown shortened); items without `seq` are new (a summary). The session's system
 * prompt comes first with neither.
 */
export type ContextItem = ChatMessage & {
  seq?: number;
  /** "summary" marks an item that carries a compression summary. */
  kind?: "message" | "summary";
  /** Tokens the item costs as shown; filled in by the manager so engines need not re-count. */
  tokens?: number;
};

import type { Anchor } from "../shared/anchors.js";

export { ANCHOR_KINDS, type Anchor, type AnchorKind } from "../shared/anchors.js";

export type EngineCompressOptions = {
  currentTokens?: number;
  focusTopic?: string | null;
  signal?: AbortSignal;
  /** Plan only: engines must not call a model; the manager persists nothing. */
  dryRun?: boolean;
};

/** What an engine hands back from compress(). A plain item array is accepted too. */
export type EngineCompressResult = {
  messages: ContextItem[];
  /** The summary written for this compression, if the engine wrote one. */
  summary?: { body: string; model: string | null; fallback_used: boolean } | null;
  /** Anchors of the compacted span (persisted per session). */
  anchors?: Anchor[];
  /** Set when the engine chose not to compress; the context stays as it was. */
  aborted?: { reason: string };
};

export type EngineStatus = Record<string, unknown>;

/**
 * The pluggable context engine (SPEC §5.1). The manager persists what it returns; an engine never
 * touches storage, so a plugin can replace the built-in compressor without writing SQL.
 */
export interface ContextEngine {
  readonly name: string;
  last_prompt_tokens: number;
  last_completion_tokens: number;
  last_total_tokens: number;
  threshold_tokens: number;
  context_length: number;
  compression_count: number;

  updateFromResponse(usage: TokenUsage): void;
  shouldCompress(promptTokens?: number): boolean;
  compress(messages: ContextItem[], options: EngineCompressOptions): Promise<EngineCompressResult | ContextItem[]>;

  onSessionStart?(sessionId: string, info: EngineSessionInfo): void | Promise<void>;
  onSessionEnd?(sessionId: string, messages: ContextItem[]): void | Promise<void>;
  onSessionReset?(): void;
  updateModel?(model: string | null, contextLength: number): void;
  getToolSchemas?(): EngineToolSchema[];
  handleToolCall?(name: string, args: Record<string, unknown>): Promise<string> | string;
  shouldCompressPreflight?(messages: ContextItem[]): boolean;
  getStatus?(): EngineStatus;
}

export type EngineToolSchema = { name: string; description: string; parameters: Record<string, unknown> };

/** What an engine learns about the session it serves when it is created. */
export type EngineSessionInfo = {
  sessionId: string;
  model: string | null;
  contextLength: number;
  thresholdTokens: number;
  compressionCount: number;
  lastPromptTokens: number;
};

/** Everything the built-in compressor (and plugin factories that want it) receives per session. */
export type EngineFactoryContext = EngineSessionInfo & {
  compression: CompressionConfig;
  /** The latest persisted summary body (the `_previous_summary` that survives restarts). */
  previousSummary: string | null;
  /** The session's persisted anchor index (every earlier compression's anchors), read when called. */
  previousAnchors: () => Promise<Anchor[]>;
  /**
   * The identifiers stored rows hold, taken when each was stored, by seq; absent when the session's rows are not all
   * indexed yet, and the engine extracts them itself.
   */
  storedAnchors?: (seqs: number[]) => Promise<Anchor[]>;
  /** The session's summary model (auxiliary.compression.* → model.*), with retry and failure policy applied. */
  summarizer: Summarizer;
  now: () => number;
};

export type EngineFactory = (context: EngineFactoryContext) => ContextEngine;

export function normalizeResult(result: EngineCompressResult | ContextItem[]): EngineCompressResult {
  return Array.isArray(result) ? { messages: result } : result;
}
