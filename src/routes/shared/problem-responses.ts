/**
 * @module problem-responses
 * The error answers of an operation as OpenAPI documents them, built from the error codes the operation can
 * answer: the codes its handler can fail with, plus those every operation of its kind answers (any request can be
 * refused for its Origin or Host, or fail inside; a key-protected one for its key; one with a JSON body for the
 * body; a POST under /v1 for its Idempotency-Key). Codes are grouped by status, each with a realistic example, so
 * every route describes its failures the same way and none is left out.
 */
import { z } from "@hono/zod-openapi";
import { ERROR_CODES, HttpError, type ErrorCode, type FieldError } from "../../http/errors.js";
import { buildProblem, statusOf, titleOf } from "../../http/problem.js";

export const ProblemSchema = z
  .object({
    type: z
      .string()
      .openapi({ description: "URI naming the problem type", example: "https://caduceus.dev/problems/not-found" }),
    title: z.string().openapi({ description: "Short summary of the problem type", example: "Not found" }),
    status: z.number().int().openapi({ description: "HTTP status code", example: 404 }),
    detail: z
      .string()
      .openapi({ description: "What went wrong and what to do next", example: "session ses_01JD… does not exist" }),
    code: z.enum(ERROR_CODES).openapi({ description: "Stable machine-readable error code", example: "not_found" }),
    request_id: z
      .string()
      .openapi({ description: "The request's X-Request-Id", example: "req_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    errors: z
      .array(
        z.object({
          location: z.string().openapi({ description: "Where the failing field is", example: "body.content" }),
          message: z.string().openapi({ description: "Why it failed", example: "Required" }),
        }),
      )
      .optional()
      .openapi({ description: "Every failing field, for validation errors" }),
    error: z
      .object({
        message: z
          .string()
          .openapi({ description: "The same as `detail`", example: "session ses_01JD… does not exist" }),
        type: z.string().openapi({ description: "OpenAI's error type for the status", example: "not_found_error" }),
        param: z.string().nullable().openapi({ description: "The first failing parameter", example: null }),
        code: z.string().openapi({ description: "The same as `code`", example: "not_found" }),
      })
      .optional()
      .openapi({
        description: "On /v1 paths: the OpenAI error envelope's member, so OpenAI and Hermes clients read the error",
      }),
  })
  .passthrough()
  .openapi("Problem", { description: "RFC 9457 problem details" });

/** The body of every error answer outside the OpenAI-compatible paths. */
export type ProblemResponse = z.infer<typeof ProblemSchema>;

/** What an operation is, for the errors every operation of its kind can answer. */
export type ErrorSpec = {
  /** The codes the operation's own handler can fail with. */
  codes?: ErrorCode[];
  /** It takes a JSON body: malformed, too large or not JSON. */
  body?: boolean;
  /** It needs the API key when one is set (all but the liveness checks and the API reference). */
  auth?: boolean;
  /** A POST under /v1 or /api: the Idempotency-Key middleware reads it. */
  idempotent?: boolean;
  /** A Hermes route: a malformed Idempotency-Key is `invalid_idempotency_key` there, as Hermes names it. */
  hermes?: boolean;
  /** It reads or writes the database (all but the liveness checks): the database may be out of reach. */
  store?: boolean;
};

const EXAMPLE_REQUEST_ID = "req_01JD5Z3Q8V6N2C4K7M9P0R1S2T";
const EXAMPLE_SESSION_ID = "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T";

/** A realistic answer for each code: its detail and the extension members it carries. */
const EXAMPLES: Record<ErrorCode, { detail: string; extra?: { errors: FieldError[] } }> = {
  validation_failed: {
    detail: "1 field(s) failed validation: body.content",
    extra: { errors: [{ location: "body.content", message: "Required" }] },
  },
  invalid_tool_pair: {
    detail: "tool_call_id call_9 matches no earlier assistant tool call in this session",
    extra: {
      errors: [
        {
          location: "body.tool_call_id",
          message: "no assistant message of this session made a tool call with this id",
        },
      ],
    },
  },
  run_not_active: { detail: "run run_01JD5Z3Q8V6N2C4K7M9P0R1S2T has already ended (status completed)" },
  interrupt_not_found: { detail: "interrupt int_01JD5Z3Q8V6N2C4K7M9P0R1S2T does not exist" },
  interrupt_already_answered: {
    detail: "interrupt int_01JD5Z3Q8V6N2C4K7M9P0R1S2T was already answered by timeout",
  },
  tool_outputs_mismatch: {
    detail:
      "the outputs do not match the pending tool calls (call_1, call_2): missing outputs for call_2; no pending call has the id call_9",
    extra: { errors: [{ location: "body.outputs.1.tool_call_id", message: "not a pending call: call_9" }] },
  },
  unsupported_media_type: {
    detail: "send the body as JSON with `Content-Type: application/json`",
    extra: { errors: [{ location: "header.content-type", message: "must be application/json" }] },
  },
  unauthorized: { detail: "send the API key as `Authorization: Bearer <key>`" },
  csrf_token_invalid: {
    detail: "a request signed in with the inspector cookie that changes something must carry X-CSRF-Token",
  },
  forbidden_origin: { detail: "origin https://evil.example is not in server.cors_origins" },
  session_key_requires_auth: {
    detail: "X-Hermes-Session-Key requires API key authentication: set server.api_key (CADUCEUS_API_KEY)",
  },
  not_found: { detail: `session ${EXAMPLE_SESSION_ID} does not exist` },
  session_exists: {
    detail: "a session with id webui-chat-7 already exists; choose another id or leave it out",
    extra: { errors: [{ location: "body.id", message: "already in use" }] },
  },
  dialog_not_found: { detail: "dialog dlg_2 is not pending; pending: dlg_3" },
  frame_not_found: { detail: "frame 4F1C… is not in the frame tree; read frame_tree in GET /snapshot" },
  session_busy: { detail: `session ${EXAMPLE_SESSION_ID} is already running an agent; wait for that run to finish` },
  no_dialog_open: { detail: "no dialog is open; read pending_dialogs in GET /snapshot" },
  dialog_ambiguous: { detail: "2 dialogs are pending; name one with dialog_id (dlg_1, dlg_2)" },
  frame_not_oopif: { detail: "frame 4F1C… shares its parent's process; evaluate in it with frame_id instead" },
  page_blocked_by_dialog: {
    detail: "the page is blocked by dialog dlg_1 until it is answered; answer it, then send the command again",
  },
  browser_taken_over: {
    detail: "a person has taken over this session's browser (POST /browser/input); wait until it is released",
  },
  browser_owner_unavailable: {
    detail:
      "replica caduceus-a holds this session's browser and does not answer; retry in 15 s, when its lease has run out",
  },
  profile_busy: {
    detail: "browser profile work is in use by session ses_01J…; one browser runs per profile at a time",
  },
  idempotency_key_conflict: {
    detail: "this Idempotency-Key was already used with a different request body; use a new key",
  },
  idempotency_key_in_flight: {
    detail: "a request with this Idempotency-Key is still being processed; retry when it finishes",
  },
  memory_full: {
    detail:
      "the memory store is full: 2150 of 2200 characters used, the entry needs 180; replace or remove entries first",
  },
  memory_entry_refused: {
    detail: "the entry reads as instructions to the model from a third party, not a note to remember",
  },
  url_not_allowed: {
    detail: "file: URLs are not allowed; use http(s) or set browser.allow_file_urls in the server config",
    extra: { errors: [{ location: "body.url", message: "the file: scheme is not allowed" }] },
  },
  cdp_method_not_allowed: {
    detail: "CDP method Browser.close is not allowed: it is not on the CDP allowlist",
    extra: { errors: [{ location: "body.method", message: "Browser.close is not on the CDP allowlist" }] },
  },
  cdp_command_failed: {
    detail: "CDP Page.navigate failed: Invalid parameters",
    extra: { errors: [{ location: "body.params", message: "Invalid parameters" }] },
  },
  payload_too_large: { detail: "the request body is larger than 10485760 bytes (server.max_body_bytes)" },
  too_many_runs: { detail: "10 runs are already in progress (server.max_concurrent_runs); retry in a few seconds" },
  insufficient_scope: { detail: "this needs the sessions:write scope, which the API key key_01JD5Z3Q8V does not have" },
  rate_limited: {
    detail: "the API key key_01JD5Z3Q8V made its 60 requests of this minute (requests_per_minute); retry in 12 s",
  },
  token_budget_exceeded: {
    detail:
      "the API key key_01JD5Z3Q8V used 100000 of its 100000 tokens today (tokens_per_day); it resets at 2025-01-02T00:00:00.000Z",
  },
  model_error: { detail: "the model answered 500: upstream overloaded" },
  agent_incomplete: { detail: "the run run_01JD5Z3Q8V6N2C4K7M9P0R1S2T ended cancelled: the client disconnected" },
  model_not_configured: { detail: "no model is configured; set model.name (CADUCEUS_MODEL)" },
  browser_unavailable: { detail: "the browser is not running; navigate to start it" },
  shutting_down: { detail: "the server is shutting down and accepts no new runs; retry once it is back" },
  browser_timeout: { detail: "Runtime.evaluate did not answer within 30000 ms" },
  navigation_failed: {
    detail:
      "could not load https://unreachable.example/: net::ERR_NAME_NOT_RESOLVED; the page showed about:blank when it failed",
  },
  method_not_allowed: { detail: "PUT is not served at /v1/sessions; it answers GET, HEAD, POST" },
  store_unavailable: {
    detail: "the database is unavailable: the PostgreSQL server cannot be reached (ECONNREFUSED); retry in 5 s",
  },
  internal_error: { detail: `an internal error occurred; quote request id ${EXAMPLE_REQUEST_ID} when reporting it` },
  run_not_found: { detail: "Run not found: run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
  invalid_approval_choice: { detail: "Invalid approval choice; expected one of: always, deny, once, session" },
  approval_not_active: { detail: "Run has no active approval session: run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
  approval_not_pending: { detail: "Run has no pending approval: run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
  run_not_accepting_steer: { detail: "Run is not currently accepting steer input: run_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
  invalid_steer_input: { detail: "Missing non-empty steer text; expected 'input', 'message', or 'text'." },
  invalid_idempotency_key: { detail: "Idempotency-Key must be 1–255 visible ASCII characters" },
  missing_idempotency_key: { detail: "send the Idempotency-Key of the POST /v1/runs to look it up" },
  invalid_session_key: { detail: "Session key too long" },
  missing_message: { detail: "Missing 'message' field" },
  invalid_author: { detail: "author must be an object" },
  unsupported_session_field: { detail: "Unsupported session fields: model, system_prompt" },
  invalid_title: { detail: "Title 'Release notes' is already in use by session webui-chat-7" },
  missing_model: { detail: "require_model_lock was set but no model/provider was provided" },
  model_lock_unavailable: { detail: "provider anthropic is not served here (this server's model endpoint is openai)" },
};

const RETRYABLE_CODES = new Set<ErrorCode>([
  "too_many_runs",
  "rate_limited",
  "token_budget_exceeded",
  "idempotency_key_in_flight",
  "store_unavailable",
]);

/** Every code an operation of this kind can answer, in the order of the closed list. */
export function errorCodesOf(spec: ErrorSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(["validation_failed", "forbidden_origin", "internal_error", ...(spec.codes ?? [])]);
  // A key may lack the operation's scope, or have made its requests of the minute.
  if (spec.auth !== false)
    for (const code of ["unauthorized", "insufficient_scope", "rate_limited"] as const) codes.add(code);
  // What refuses a run for the server's load also refuses it for the key's tokens of the day.
  if (codes.has("too_many_runs")) codes.add("token_budget_exceeded");
  if (spec.store !== false) codes.add("store_unavailable");
  if (spec.body) for (const code of ["payload_too_large", "unsupported_media_type"] as const) codes.add(code);
  if (spec.idempotent) {
    for (const code of ["idempotency_key_conflict", "idempotency_key_in_flight"] as const) codes.add(code);
    if (spec.hermes) codes.add("invalid_idempotency_key");
  }
  return ERROR_CODES.filter((code) => codes.has(code));
}

/** A realistic error of one code, for the examples of either renderer. */
export function exampleError(code: ErrorCode): HttpError {
  const { detail, extra } = EXAMPLES[code];
  return new HttpError(code, detail, { errors: extra?.errors });
}

function exampleProblem(code: ErrorCode) {
  const error = exampleError(code);
  return buildProblem(code, error.message, EXAMPLE_REQUEST_ID, error.errors ? { errors: error.errors } : {});
}

/** The response headers the document names once (components) and every answer refers to. */
const HEADER_COMPONENTS = {
  RequestId: {
    description: "The request's id (also in the body of an error); quote it when reporting a problem",
    schema: { type: "string" as const, example: EXAMPLE_REQUEST_ID },
  },
  RetryAfter: {
    description: "Seconds to wait before retrying",
    schema: { type: "integer" as const, example: 2 },
  },
  WwwAuthenticate: {
    description: "The scheme to authenticate with",
    schema: { type: "string" as const, example: 'Bearer realm="caduceus"' },
  },
  IdempotencyReplayed: {
    description: "`true` when this answer is the stored answer of an earlier request with the same Idempotency-Key",
    schema: { type: "string" as const, enum: ["true"], example: "true" },
  },
};

type HeaderRef = { $ref: string };
const headerRef = (name: keyof typeof HEADER_COMPONENTS): HeaderRef => ({ $ref: `#/components/headers/${name}` });

export const RESPONSE_HEADERS = {
  requestId: headerRef("RequestId"),
  retryAfter: headerRef("RetryAfter"),
  wwwAuthenticate: headerRef("WwwAuthenticate"),
  idempotencyReplayed: headerRef("IdempotencyReplayed"),
};

/** Registers the shared response headers under their component names. */
export function registerResponseHeaders(
  register: (name: string, header: (typeof HEADER_COMPONENTS)[keyof typeof HEADER_COMPONENTS]) => void,
): void {
  for (const [name, header] of Object.entries(HEADER_COMPONENTS)) register(name, header);
}

type Header = HeaderRef;

/** The headers of an error answer with these codes. */
export function errorHeaders(codes: ErrorCode[]): Record<string, Header> {
  const headers: Record<string, Header> = { "X-Request-Id": RESPONSE_HEADERS.requestId };
  if (codes.some((code) => RETRYABLE_CODES.has(code))) headers["Retry-After"] = RESPONSE_HEADERS.retryAfter;
  if (codes.includes("unauthorized")) headers["WWW-Authenticate"] = RESPONSE_HEADERS.wwwAuthenticate;
  return headers;
}

/** The codes of an operation grouped by their status, in status order. */
function byStatus(codes: ErrorCode[]): Array<[number, ErrorCode[]]> {
  const groups = new Map<number, ErrorCode[]>();
  for (const code of codes) groups.set(statusOf(code), [...(groups.get(statusOf(code)) ?? []), code]);
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

/**
 * The error responses of an operation, given what it is: one response per status, described by its codes' titles,
 * with the problem+json schema and one named example per code.
 */
export function problemResponses(spec: ErrorSpec) {
  return Object.fromEntries(
    byStatus(errorCodesOf(spec)).map(([status, codes]) => [
      status,
      {
        description: codes.map((code) => `${code}: ${titleOf(code)}`).join("; "),
        headers: errorHeaders(codes),
        content: {
          "application/problem+json": {
            schema: ProblemSchema,
            examples: Object.fromEntries(codes.map((code) => [code, { $ref: exampleRef("problem", code) }])),
          },
        },
      },
    ]),
  );
}

type Envelope = "problem" | "openai";

/** The examples the operations refer to, so only those are registered. */
const referencedExamples = new Set<string>();

/** Where the shared example of a code lives in the document's components. */
export function exampleRef(envelope: Envelope, code: ErrorCode): string {
  referencedExamples.add(`${envelope}_${code}`);
  return `#/components/examples/${envelope}_${code}`;
}

/** Registers the example of each code and envelope an operation's error responses refer to (routes built first). */
export function registerErrorExamples(
  register: (name: string, example: { summary: string; value: unknown }) => void,
  openAiBody: (error: HttpError) => unknown,
): void {
  for (const code of ERROR_CODES) {
    if (referencedExamples.has(`problem_${code}`))
      register(`problem_${code}`, { summary: titleOf(code), value: exampleProblem(code) });
    if (referencedExamples.has(`openai_${code}`))
      register(`openai_${code}`, { summary: titleOf(code), value: openAiBody(exampleError(code)) });
  }
}

/** The same statuses for an OpenAI-compatible operation, whose errors use the OpenAI envelope instead. */
export function errorStatusesOf(spec: ErrorSpec): Array<[number, ErrorCode[]]> {
  return byStatus(errorCodesOf(spec));
}
