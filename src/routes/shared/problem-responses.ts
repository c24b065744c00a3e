/**
 * @module problem-responses
 * The problem+json body as OpenAPI documents it, and the error responses of an operation built from the statuses
 * it can answer, so every route describes its failures the same way.
 */
import { z } from "@hono/zod-openapi";
import { ERROR_CODES } from "../../http/errors.js";

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
  })
  .passthrough()
  .openapi("Problem", { description: "RFC 9457 problem details" });

/** The body of every error answer outside the OpenAI-compatible paths. */
export type ProblemResponse = z.infer<typeof ProblemSchema>;

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
      {
        description: descriptions[status] ?? "Error",
        content: { "application/problem+json": { schema: ProblemSchema } },
      },
    ]),
  );
}
