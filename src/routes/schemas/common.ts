import { z } from "@hono/zod-openapi";
import { ERROR_CODES } from "../../domain/errors.js";

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ description: "URI naming the problem type", example: "https://caduceus.dev/problems/not-found" }),
    title: z.string().openapi({ description: "Short summary of the problem type", example: "Not found" }),
    status: z.number().int().openapi({ description: "HTTP status code", example: 404 }),
    detail: z.string().openapi({ description: "What went wrong and what to do next", example: "session ses_01JD… does not exist" }),
    code: z.enum(ERROR_CODES).openapi({ description: "Stable machine-readable error code", example: "not_found" }),
    request_id: z.string().openapi({ description: "The request's X-Request-Id", example: "req_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    errors: z
      .array(
        z.object({
          location: z.string().openapi({ description: "Where the failing field is", example: "body.content" }),
          message: z.string().openapi({ description: "Why it failed", example: "Required" }),
        }),
      )
      .optional()
      .openapi({ description: "Every failing field, for validation errors" }),
  })
  .passthrough()
  .openapi("Problem", { description: "RFC 9457 problem details" });

export function problemResponses(...statuses: number[]) {
  const descriptions: Record<number, string> = {
    400: "Invalid request",
    401: "Missing or invalid API key",
    403: "Origin not allowed",
    404: "Not found",
    409: "Conflict with the current state",
    413: "Body larger than server.max_body_bytes",
    415: "Body is not JSON",
    429: "Too many concurrent runs",
    502: "Upstream model failed",
    503: "A required service is not configured or unavailable",
    504: "The browser did not answer in time",
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: descriptions[status] ?? "Error", content: { "application/problem+json": { schema: ProblemSchema } } },
    ]),
  );
}

export const SessionIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, description: "Session id", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
});

/** Documents the header the idempotency middleware reads on POSTs that create things or start runs. */
export const IdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({
      param: { name: "idempotency-key", in: "header" },
      description:
        "Makes the POST safe to retry for 24 h: the same key with the same body replays the stored response " +
        "(header Idempotency-Replayed: true); with a different body it is a 409 idempotency_key_conflict",
      example: "3f1c2a9e-create-session",
    }),
});

export const PageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .openapi({ param: { name: "limit", in: "query" }, description: "Page size (1–200)", example: 50 }),
  cursor: z
    .string()
    .min(1)
    .max(512)
    .optional()
    .openapi({ param: { name: "cursor", in: "query" }, description: "Opaque cursor from the previous page's next_cursor", example: "eyJzZXEiOjUwfQ" }),
});

export function pageOf<T extends z.ZodTypeAny>(item: T, name: string) {
  return z
    .object({
      data: z.array(item).openapi({ description: "This page's items" }),
      next_cursor: z.string().nullable().openapi({ description: "Cursor of the next page, null on the last page", example: null }),
    })
    .openapi(name);
}

export const JSON_CONTENT = "application/json";

/** The `content` of a JSON request or response in a route definition. */
export const json = <T extends z.ZodTypeAny>(schema: T) => ({ "application/json": { schema } });
