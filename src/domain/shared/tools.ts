/**
 * @module tools
 * The contract between the agent loop and what offers it tools (the browser, the context engine): a tool's
 * definition, the context a call runs in, what the call hands back, and the provider that decides per session.
 */
import type { SessionRecord } from "../../db/records.js";
import type { Provenance } from "../../kernel/provenance.js";

/** JSON Schema of a tool's arguments, as sent to the model. */
export type JsonSchema = {
  type: "object";
  properties: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean;
};

export type ToolCallContext = {
  session: SessionRecord;
  runId: string | null;
  /** Aborted when the run is cancelled or the server shuts down. */
  signal?: AbortSignal;
};

/** An image a tool hands back (a screenshot): stored once, shown to a model that accepts images as an image part. */
export type ToolImage = { mime_type: "image/png" | "image/jpeg"; data: Buffer };

/**
 * What a tool hands back: text for the model (with `images`, the text a model without vision reads instead of
 * them); `is_error` marks a failed call (the run goes on); `provenance` says where its content came from (a tool that
 * does not say is the server's own, and trusted).
 */
export type ToolOutput = {
  content: string;
  is_error?: boolean;
  data?: unknown;
  images?: ToolImage[];
  provenance?: Provenance;
};

export type ToolDefinition = {
  name: string;
  description: string;
  parameters: JsonSchema;
  /** The tool only reads (an MCP server's `readOnlyHint`): the guard lets it run after untrusted content. */
  readOnly?: boolean;
  execute(args: Record<string, unknown>, context: ToolCallContext): Promise<ToolOutput>;
};

/** A source of tools (the browser, the context engine, MCP servers); it decides per session which it offers. */
export type ToolProvider = {
  toolsFor(session: SessionRecord): ToolDefinition[] | Promise<ToolDefinition[]>;
  /**
   * Waits, before a model call is built, until the tools this provider offers the session are known — an MCP server
   * being started or listing its tools again. Optional; it never rejects and ends within the provider's own time
   * limit (or as soon as `signal` aborts).
   */
  prepare?(session: SessionRecord, signal?: AbortSignal): Promise<void>;
};
