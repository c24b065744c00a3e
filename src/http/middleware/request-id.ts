/**
 * @module request-id
 * `X-Request-Id`: a sane id the client sent is echoed (to correlate its logs with ours), otherwise one is
 * made (`req_…`). hono's own middleware, with our id generator and a shorter length limit.
 */
import type { MiddlewareHandler } from "hono";
import { requestId as honoRequestId } from "hono/request-id";
import { newId } from "../../kernel/ids.js";
import type { AppEnv } from "../env.js";

/** Longest client id echoed; longer ones (or ones with other characters than `[A-Za-z0-9_=-]`) are replaced. */
const REQUEST_ID_MAX_CHARS = 128;

export function requestId(): MiddlewareHandler<AppEnv> {
  const assign = honoRequestId({ limitLength: REQUEST_ID_MAX_CHARS, generator: () => newId("req") });
  return async (c, next) => {
    await assign(c, async () => {
      await next();
      // hono sets the header before the handler runs; a response the error handler builds anew
      // (every problem+json) does not carry it, so it is set on the final response as well.
      c.res.headers.set("X-Request-Id", c.get("requestId"));
    });
  };
}
