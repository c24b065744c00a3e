/**
 * @module problem
 * problem+json (RFC 9457), the error body of every route outside the OpenAI-compatible ones: each error code's
 * HTTP status and title in one place, the problem built from an HttpError, and the response that carries it.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode, FieldError, HttpError } from "./errors.js";

/** Every error code's HTTP status and title, in one place. */
const ERROR_STATUS: Record<ErrorCode, { status: ContentfulStatusCode; title: string }> = {
  validation_failed: { status: 400, title: "Request validation failed" },
  invalid_tool_pair: { status: 400, title: "Tool message does not answer a known tool call" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  unauthorized: { status: 401, title: "Unauthorized" },
  csrf_token_invalid: { status: 403, title: "The CSRF token is missing or wrong" },
  forbidden_origin: { status: 403, title: "Origin not allowed" },
  session_key_requires_auth: { status: 403, title: "X-Hermes-Session-Key needs an API key" },
  insufficient_scope: { status: 403, title: "The API key lacks the scope this needs" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  session_exists: { status: 409, title: "A session with this id exists" },
  dialog_not_found: { status: 404, title: "Dialog not found" },
  frame_not_found: { status: 404, title: "Frame not found" },
  interrupt_not_found: { status: 404, title: "Interrupt not found" },
  run_not_active: { status: 409, title: "The run is not active" },
  interrupt_already_answered: { status: 409, title: "The interrupt was already answered" },
  tool_outputs_mismatch: { status: 400, title: "Tool outputs do not match the pending tool calls" },
  session_busy: { status: 409, title: "Session is busy" },
  no_dialog_open: { status: 409, title: "No dialog is open" },
  dialog_ambiguous: { status: 409, title: "More than one dialog is open" },
  frame_not_oopif: { status: 409, title: "Frame is not an out-of-process iframe" },
  page_blocked_by_dialog: { status: 409, title: "The page is blocked by a dialog" },
  browser_taken_over: { status: 409, title: "A person has taken over the browser" },
  profile_busy: { status: 409, title: "The browser profile is in use" },
  idempotency_key_conflict: { status: 409, title: "Idempotency key reused with a different request" },
  idempotency_key_in_flight: { status: 409, title: "A request with this idempotency key is still running" },
  url_not_allowed: { status: 400, title: "URL not allowed" },
  memory_full: { status: 400, title: "The memory store is full" },
  memory_entry_refused: { status: 400, title: "The memory entry was refused" },
  cdp_method_not_allowed: { status: 403, title: "CDP method not allowed" },
  cdp_command_failed: { status: 400, title: "The CDP command failed" },
  payload_too_large: { status: 413, title: "Payload too large" },
  too_many_runs: { status: 429, title: "Too many concurrent runs" },
  rate_limited: { status: 429, title: "Too many requests for this API key" },
  token_budget_exceeded: { status: 429, title: "The API key's tokens for the day are spent" },
  model_error: { status: 502, title: "The model failed" },
  navigation_failed: { status: 502, title: "The page could not be loaded" },
  agent_incomplete: { status: 502, title: "The agent did not finish its answer" },
  model_not_configured: { status: 503, title: "No model is configured" },
  browser_unavailable: { status: 503, title: "Browser unavailable" },
  browser_owner_unavailable: { status: 503, title: "The replica holding the browser does not answer" },
  shutting_down: { status: 503, title: "Server is shutting down" },
  store_unavailable: { status: 503, title: "The database is unavailable" },
  browser_timeout: { status: 504, title: "The browser did not answer in time" },
  internal_error: { status: 500, title: "Internal server error" },
  run_not_found: { status: 404, title: "Run not found" },
  invalid_approval_choice: { status: 400, title: "Not an approval choice" },
  approval_not_active: { status: 409, title: "The run waits for no approval" },
  approval_not_pending: { status: 409, title: "That approval is not pending" },
  run_not_accepting_steer: { status: 409, title: "The run takes no more steering" },
  invalid_steer_input: { status: 400, title: "The steering message is empty" },
  invalid_idempotency_key: { status: 400, title: "The Idempotency-Key is malformed" },
  missing_idempotency_key: { status: 400, title: "An Idempotency-Key is required" },
  invalid_session_key: { status: 400, title: "The X-Hermes-Session-Key is not valid" },
  missing_message: { status: 400, title: "The message is missing" },
  invalid_author: { status: 400, title: "The author is not an object" },
  unsupported_session_field: { status: 400, title: "The session has no such field to change" },
  invalid_title: { status: 400, title: "The title is not valid" },
  missing_model: { status: 400, title: "No model was named" },
  model_lock_unavailable: { status: 409, title: "That provider is not served here" },
};

export function statusOf(code: ErrorCode): ContentfulStatusCode {
  return ERROR_STATUS[code].status;
}

export function titleOf(code: ErrorCode): string {
  return ERROR_STATUS[code].title;
}

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  request_id: string;
  errors?: FieldError[];
  [extension: string]: unknown;
};

export function buildProblem(
  code: ErrorCode,
  detail: string,
  requestId: string,
  extra: Record<string, unknown> = {},
): Problem {
  const { status, title } = ERROR_STATUS[code];
  return {
    type: `https://caduceus.dev/problems/${code.replaceAll("_", "-")}`,
    title,
    status,
    detail,
    code,
    request_id: requestId,
    ...extra,
  };
}

/** `also` adds members beside the problem's own (the OpenAI `error` member on /v1 paths). */
export function problemResponse(c: Context, error: HttpError, also: Record<string, unknown> = {}): Response {
  const requestId = (c.get("requestId") as string | undefined) ?? "";
  const extra = { ...(error.errors ? { ...error.details, errors: error.errors } : error.details), ...also };
  const problem = buildProblem(error.code, error.message, requestId, extra);
  const headers: Record<string, string> = { "Content-Type": "application/problem+json", ...error.headers };
  return new Response(JSON.stringify(problem), { status: problem.status, headers });
}
