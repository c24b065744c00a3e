/**
 * @module json-content
 * The `content` of a JSON request or response in a route definition.
 */
import type { z } from "@hono/zod-openapi";

export const json = <T extends z.ZodTypeAny>(schema: T) => ({ "application/json": { schema } });
