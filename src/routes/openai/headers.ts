/**
 * @module headers
 * The Hermes headers of the OpenAI-compatible API: the session a conversation lives in, and whether tool activity
 * is streamed as `hermes.tool.progress` frames.
 */

export const SESSION_HEADER = "X-Hermes-Session-Id";
export const PROGRESS_HEADER = "X-Hermes-Tool-Progress";

/** Tool progress frames are on unless the client turns them off. */
export function wantsToolProgress(value: string | undefined): boolean {
  return !["off", "false", "0"].includes(value ?? "on");
}
