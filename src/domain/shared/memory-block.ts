/**
 * @module memory-block
 * How a session's frozen memory reaches the model: after its own system prompt, in one system message, the same
 * bytes on every turn.
 */

/** The system prompt a session's turns send: its own, then its frozen memory block. */
export function withMemoryBlock(systemPrompt: string | null, block: string | null): string | null {
  if (!block) return systemPrompt;
  return systemPrompt ? `${systemPrompt}\n\n${block}` : block;
}
