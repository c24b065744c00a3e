/**
 * @module success-responses
 * The success answers of an operation as OpenAPI documents them: the JSON body and the headers that come with it —
 * `X-Request-Id` on every answer, `Idempotency-Replayed` on those a POST's Idempotency-Key can replay.
 */
import type { z } from "@hono/zod-openapi";
import { json } from "./json-content.js";
import { RESPONSE_HEADERS } from "./problem-responses.js";

/** A JSON answer of a GET (or of any operation no Idempotency-Key replays). */
export function jsonAnswer<S extends z.ZodType>(description: string, schema: S) {
  return { description, headers: { "X-Request-Id": RESPONSE_HEADERS.requestId }, content: json(schema) };
}

/** A JSON answer of a POST under /v1, which a retry with the same Idempotency-Key gets again. */
export function postAnswer<S extends z.ZodType>(description: string, schema: S) {
  return {
    description,
    headers: {
      "X-Request-Id": RESPONSE_HEADERS.requestId,
      "Idempotency-Replayed": RESPONSE_HEADERS.idempotencyReplayed,
    },
    content: json(schema),
  };
}
