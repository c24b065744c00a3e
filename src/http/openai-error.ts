/**
 * @module openai-error
 * The OpenAI error envelope (`{ error: { message, type, param, code } }`) that the OpenAI-compatible paths answer
 * with instead of problem+json, so OpenAI clients raise their own error types (SPEC §7).
 */
import type { Context } from "hono";
import type { HttpError } from "./errors.js";
import { problemResponse, statusOf } from "./problem.js";

/**
 * Paths that speak the OpenAI wire format, errors included (SPEC §7): the OpenAI routes (chat completions,
 * Responses, models), and the Hermes runs (`/v1/runs*`), whose clients read the OpenAI envelope.
 */
export function isOpenAiCompatPath(path: string): boolean {
  return (
    path === "/v1/models" ||
    path === "/v1/capabilities" ||
    path === "/v1/skills" ||
    path === "/v1/toolsets" ||
    path === "/v1/runs" ||
    path.startsWith("/v1/runs/") ||
    path.startsWith("/v1/chat/") ||
    path === "/v1/responses" ||
    path.startsWith("/v1/responses/")
  );
}

/** The paths a Hermes client drives, where Hermes's names for failures are used. */
export function isHermesPath(path: string): boolean {
  return isOpenAiCompatPath(path) || path.startsWith("/api/");
}

function errorType(status: number, code: string): string {
  if (code === "gateway_auth_failed") return "gateway_auth_error";
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 429) return "rate_limit_error";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

/** `body.messages.0.content` → `messages[0].content`, the way OpenAI names parameters. */
function paramOf(location: string | undefined): string | null {
  if (!location) return null;
  const path = location.replace(/^(body|query|header|path)\.?/, "");
  if (!path) return null;
  return path
    .split(".")
    .reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");
}

/** Where OpenAI and Hermes name a failure differently from us, the envelope's `code` uses their name. */
const OPENAI_CODE_NAMES: Partial<Record<HttpError["code"], string>> = {
  too_many_runs: "rate_limit_exceeded",
  payload_too_large: "body_too_large",
  unauthorized: "gateway_auth_failed",
};

/** The code the OpenAI envelope answers for one of ours. */
export const openAiCodeOf = (code: HttpError["code"]): string => OPENAI_CODE_NAMES[code] ?? code;

/**
 * The envelope of an error. `code` is OpenAI's or Hermes's name for it, unless `ownCode`: beside a problem's own
 * `code` the member says the same, so one body never names one failure twice.
 */
export function openAiErrorBody(
  error: HttpError,
  ownCode = false,
): {
  error: { message: string; type: string; param: string | null; code: string; hermes?: unknown };
} {
  const status = statusOf(error.code);
  const code = ownCode ? error.code : openAiCodeOf(error.code);
  return {
    error: {
      message: error.message,
      type: errorType(status, code),
      param: paramOf(error.errors?.[0]?.location),
      code,
      // What a run's failure says of the run, where Hermes clients read it.
      ...(error.details?.hermes !== undefined ? { hermes: error.details.hermes } : {}),
    },
  };
}

export function openAiErrorResponse(c: Context, error: HttpError): Response {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...error.headers };
  const requestId = c.get("requestId") as string | undefined;
  if (requestId) headers["X-Request-Id"] = requestId;
  return new Response(JSON.stringify(openAiErrorBody(error)), { status: statusOf(error.code), headers });
}

/**
 * Every other `/v1/*` path (and Hermes's `/api/*`) answers problem+json that also carries the OpenAI envelope's `error` member, so a client
 * written for the OpenAI or Hermes API reads `error.message` and `error.code` from any of our answers while problem
 * clients read the RFC 9457 fields.
 */
export function problemWithOpenAiError(c: Context, error: HttpError): Response {
  return problemResponse(c, error, openAiErrorBody(error, true));
}

/** Hermes's `/api/*`: problem+json whose `error` member names the failure as Hermes does (`gateway_auth_failed`). */
function problemWithHermesError(c: Context, error: HttpError): Response {
  return problemResponse(c, error, openAiErrorBody(error));
}

/** How an error on this path is answered: the OpenAI envelope, problem+json with its `error` member, or problem+json. */
export function errorResponderFor(path: string): (c: Context, error: HttpError) => Response {
  if (isOpenAiCompatPath(path)) return openAiErrorResponse;
  if (path.startsWith("/api/")) return problemWithHermesError;
  return path.startsWith("/v1/") ? problemWithOpenAiError : problemResponse;
}
