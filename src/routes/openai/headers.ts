/**
 * @module headers
 * The Hermes headers of the OpenAI-compatible API: the session a conversation lives in, and whether tool activity
 * is streamed as `hermes.tool.progress` frames.
 */

export const SESSION_HEADER = "X-Hermes-Session-Id";
export const PROGRESS_HEADER = "X-Hermes-Tool-Progress";
/** A client's stable per-channel scope (Hermes scopes long-term memory by it); validated and echoed. */
export const SESSION_KEY_HEADER = "X-Hermes-Session-Key";
export const MAX_SESSION_KEY_CHARS = 256;
/** No control characters: the key is echoed in a response header and written to logs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
export const SESSION_KEY_PATTERN = /^[^\x00-\x1f\x7f]+$/;

/** Tool progress frames follow the request's header when it sends one, else `server.tool_progress_events`. */
export function wantsToolProgress(value: string | undefined, serverDefault: boolean): boolean {
  if (value === undefined) return serverDefault;
  return !["off", "false", "0"].includes(value);
}
