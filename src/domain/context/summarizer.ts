/**
 * @module summarizer
 * The port through which a context engine asks for a summary. Engines (the built-in compressor, a
 * plugin) receive one in their factory context; `summary-model.ts` implements it over the configured
 * summary model with its retry, cooldown and failure policy.
 */

export type SummaryRequestMessage = { role: "system" | "user"; content: string };

/** The outcome of asking a summary model (with its retry and failure policy already applied). */
export type SummaryResult =
  { ok: true; text: string; model: string | null } | { ok: false; abort: boolean; reason: string };

export type Summarizer = {
  summarize(messages: SummaryRequestMessage[], signal?: AbortSignal): Promise<SummaryResult>;
};
