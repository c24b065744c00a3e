/**
 * @module errors
 * The errors the HTTP layer answers with: the domain's codes plus the transport's own (auth, origin, media type,
 * body size, idempotency keys), field locations as the client sent them (`body.…`, `query.…`, `header.…`), and
 * response headers. A DomainError becomes an HttpError here, at the one place that knows a domain input is a
 * request body.
 */
import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode, type FieldPath } from "../kernel/errors.js";

/** Codes only the transport answers with. */
export const TRANSPORT_ERROR_CODES = [
  "unsupported_media_type",
  "method_not_allowed",
  "payload_too_large",
  "unauthorized",
  "csrf_token_invalid",
  "forbidden_origin",
  "session_key_requires_auth",
  "idempotency_key_conflict",
  "idempotency_key_in_flight",
  "agent_incomplete",
] as const;

/**
 * Codes of the Hermes routes' own refusals, named as the Hermes Agent API server names them, so its clients branch on
 * the same `error.code` (a run or approval that is not there, a bad steer, session key or idempotency key, a PATCH of
 * a field it does not take).
 */
export const HERMES_ERROR_CODES = [
  "run_not_found",
  "invalid_approval_choice",
  "invalid_steer_input",
  "invalid_idempotency_key",
  "missing_idempotency_key",
  "invalid_session_key",
  "missing_message",
  "invalid_author",
  "unsupported_session_field",
  "invalid_title",
  "missing_model",
  "model_lock_unavailable",
] as const;

export type ErrorCode = DomainErrorCode | (typeof TRANSPORT_ERROR_CODES)[number] | (typeof HERMES_ERROR_CODES)[number];

/**
 * The closed set of error codes the API can answer with: the domain's, the transport's, then the Hermes routes'.
 * Statuses are in problem.ts.
 */
export const ERROR_CODES = [...DOMAIN_ERROR_CODES, ...TRANSPORT_ERROR_CODES, ...HERMES_ERROR_CODES] as const;

/** A failing field where the client sent it: `body.config.engine`, `query.limit`, `header.idempotency-key`. */
export type FieldError = { location: string; message: string };

export type HttpErrorOptions = {
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extension members of the problem body (e.g. `pending_dialogs`). */
  details?: Record<string, unknown>;
};

/** An error answer: code, detail, the failing fields, extra headers and extension members. */
export class HttpError extends Error {
  override name = "HttpError";
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }
}

/** A domain input field, located in the request body: `["messages", 2, "role"]` → `body.messages.2.role`. */
export function bodyLocation(path: FieldPath): string {
  return ["body", ...path.map(String)].join(".");
}

/** The answer for a domain failure: its fields located in the body, its retry hint as `Retry-After`. */
export function fromDomainError(error: DomainError): HttpError {
  const headers: Record<string, string> = {};
  if (error.retryAfterS !== undefined) headers["Retry-After"] = String(error.retryAfterS);
  return new HttpError(error.code, error.message, {
    errors: error.fields.length
      ? error.fields.map((field) => ({ location: bodyLocation(field.path), message: field.message }))
      : undefined,
    headers,
    details: error.details,
  });
}

/** Any thrown value the API answers with a known code, as an HttpError; null for an unexpected failure. */
export function asHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof DomainError) return fromDomainError(err);
  return null;
}
