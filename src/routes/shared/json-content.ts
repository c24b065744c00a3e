/**
 * @module json-content
 * The `content` of a JSON request or response in a route definition; a request body carries the example the API
 * reference's "Try it out" sends, which must succeed as it is.
 */
import type { z } from "@hono/zod-openapi";

export const json = <T extends z.ZodTypeAny>(schema: T) => ({ "application/json": { schema } });

/** A JSON request body with its example: the request a client would really send. */
export const jsonBody = <T extends z.ZodTypeAny>(schema: T, example: z.input<T>) => ({
  "application/json": { schema, example },
});
