/**
 * @module errors
 * The failures the domain reports, as data: a closed set of domain codes, the input fields at fault as paths,
 * and how long to wait before a retry may succeed. Nothing here knows about HTTP; src/http/ turns a DomainError
 * into a status, a problem+json body or an OpenAI error envelope, and a `Retry-After` header.
 */

/** Every code the domain can fail with. Transport codes (auth, media type, body size, idempotency) live in src/http/. */
export const DOMAIN_ERROR_CODES = [
  "validation_failed",
  "not_found",
  "session_exists",
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
  "browser_taken_over",
  "profile_busy",
  "browser_owner_unavailable",
  "cdp_command_failed",
  "navigation_failed",
  "url_not_allowed",
  "cdp_method_not_allowed",
  "too_many_runs",
  "shutting_down",
  "invalid_tool_pair",
  "run_not_active",
  "interrupt_not_found",
  "interrupt_already_answered",
  "tool_outputs_mismatch",
  "approval_not_active",
  "approval_not_pending",
  "run_not_accepting_steer",
  "insufficient_scope",
  "rate_limited",
  "token_budget_exceeded",
  "memory_full",
  "memory_entry_refused",
  "store_unavailable",
  "internal_error",
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** A field of an operation's input, as the keys and indexes that lead to it: `["config", "engine"]`. */
export type FieldPath = readonly (string | number)[];

/** One input field at fault and why. */
export type FieldIssue = { path: FieldPath; message: string };

export type DomainErrorOptions = {
  /** The input fields at fault, for validation-like failures. */
  fields?: FieldIssue[];
  /** Seconds after which the same request may succeed (capacity, a run still finishing). */
  retryAfterS?: number;
  /** Further facts the caller can act on (e.g. the dialogs that are pending), shown beside the message. */
  details?: Record<string, unknown>;
};

/** A failure the caller can act on; the message says what went wrong and what to do next. */
export class DomainError extends Error {
  override name = "DomainError";
  readonly fields: FieldIssue[];
  readonly retryAfterS: number | undefined;
  readonly details: Record<string, unknown>;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.fields = options.fields ?? [];
    this.retryAfterS = options.retryAfterS;
    this.details = options.details ?? {};
  }
}

export const notFound = (what: string, id: string) => new DomainError("not_found", `${what} ${id} does not exist`);

/** Whether the database was out of reach (the store reports that as `store_unavailable`, whichever it is). */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof DomainError && error.code === "store_unavailable";
}
