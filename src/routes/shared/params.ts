/**
 * @module params
 * Request parameters several resources share: the session id in the path and the Idempotency-Key header.
 */
import { z } from "@hono/zod-openapi";

export const SessionIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(256)
    .openapi({
      param: { name: "id", in: "path" },
      description: "Session id",
      example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
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
