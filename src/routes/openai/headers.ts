/**
 * @module headers
 * The Hermes headers of the OpenAI-compatible API: the session a conversation lives in, and whether tool activity
 * is streamed as `hermes.tool.progress` frames.
 */
import { HttpError } from "../../http/errors.js";

export const SESSION_HEADER = "X-Hermes-Session-Id";
export const PROGRESS_HEADER = "X-Hermes-Tool-Progress";
/** A client's stable per-channel scope (Hermes scopes long-term memory by it); validated and echoed. */
export const SESSION_KEY_HEADER = "X-Hermes-Session-Key";
export const MAX_SESSION_KEY_CHARS = 256;
/** No control characters: the key is echoed in a response header and written to logs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
export const SESSION_KEY_PATTERN = /^[^\x00-\x1f\x7f]+$/;

/**
 * The request's X-Hermes-Session-Key, checked as the Hermes API server checks it: blank is none; it needs an API key
 * on the server (a caller-chosen scope is only trusted from an authenticated caller: 403); a CR, LF or NUL is 400
 * "Invalid session key", more than 256 characters 400 "Session key too long". A request made with an API key is
 * authenticated whether or not the server has a key of its own.
 */
export function sessionKeyOf(
  raw: string | undefined,
  config: { server: { api_key: string | null } },
  caller?: { key_id: string | null },
): string | null {
  const key = raw?.trim() ?? "";
  if (!key) return null;
  const errors = [{ location: "header.x-hermes-session-key", message: "" }];
  // Shown with the server key or an API key; a server with neither authenticates nobody.
  if (!config.server.api_key && !caller?.key_id) {
    errors[0].message = "needs an API key on the server";
    throw new HttpError(
      "session_key_requires_auth",
      "X-Hermes-Session-Key requires API key authentication: set server.api_key (CADUCEUS_API_KEY)",
      { errors },
    );
  }
  if (!SESSION_KEY_PATTERN.test(key)) {
    errors[0].message = "no control characters";
    throw new HttpError("invalid_session_key", "Invalid session key", { errors });
  }
  if (key.length > MAX_SESSION_KEY_CHARS) {
    errors[0].message = `at most ${MAX_SESSION_KEY_CHARS} characters`;
    throw new HttpError("invalid_session_key", "Session key too long", { errors });
  }
  return key;
}

/** Tool progress frames follow the request's header when it sends one, else `server.tool_progress_events`. */
export function wantsToolProgress(value: string | undefined, serverDefault: boolean): boolean {
  if (value === undefined) return serverDefault;
  return !["off", "false", "0"].includes(value);
}
