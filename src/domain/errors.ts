/** The closed set of error codes the API can answer with; statuses are mapped in http/problem.ts. */
export const ERROR_CODES = [
  "validation_failed",
  "unsupported_media_type",
  "not_found",
  "session_busy",
  "model_not_configured",
  "model_error",
  "dialog_not_found",
  "no_dialog_open",
  "dialog_ambiguous",
  "frame_not_found",
  "frame_not_oopif",
  "browser_unavailable",
  "browser_timeout",
  "page_blocked_by_dialog",
  "cdp_command_failed",
  "url_not_allowed",
  "cdp_method_not_allowed",
  "idempotency_key_conflict",
  "idempotency_key_in_flight",
  "payload_too_large",
  "too_many_runs",
  "shutting_down",
  "unauthorized",
  "forbidden_origin",
  "invalid_tool_pair",
  "compression_failed",
  "internal_error",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldError = { location: string; message: string };

/** A failure the client can act on; the message is shown to the user as the problem's detail. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; [key: string]: unknown } = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string, id: string) => new AppError("not_found", `${what} ${id} does not exist`);
