/**
 * @module context-windows
 * The context window of a model by its name, for sessions whose configuration does not give one
 * (`model.context_length`). A table of well-known families; anything else gets the default.
 */

/** Context windows of well-known models; anything else falls back to 128k. */
const CONTEXT_LENGTH_BY_MODEL: Array<[RegExp, number]> = [
  [/claude/i, 200_000],
  [/gpt-4\.1/i, 1_047_576],
  [/gpt-5/i, 400_000],
  [/gpt-4o/i, 128_000],
  [/o[134](-mini)?\b/i, 200_000],
  [/gemini/i, 1_048_576],
  [/gpt-3\.5/i, 16_385],
  [/llama-3/i, 128_000],
  [/qwen/i, 131_072],
  [/deepseek/i, 128_000],
];
const DEFAULT_CONTEXT_LENGTH = 128_000;

export function contextLengthFor(model: string | null, configured: number | null): number {
  if (configured) return configured;
  if (model) for (const [pattern, length] of CONTEXT_LENGTH_BY_MODEL) if (pattern.test(model)) return length;
  return DEFAULT_CONTEXT_LENGTH;
}
