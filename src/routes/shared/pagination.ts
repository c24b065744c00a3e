/**
 * @module pagination
 * Cursor pagination as the list operations document it: the `limit`/`cursor` query and the `{ data, next_cursor }`
 * page, and the `owner` a list of owned resources may be narrowed to. The cursor itself is opaque to clients
 * (src/http/cursor.ts makes and reads it).
 */
import { z } from "@hono/zod-openapi";

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
    .openapi({
      param: { name: "cursor", in: "query" },
      description: "Opaque cursor from the previous page's next_cursor",
      example: "eyJzZXEiOjUwfQ",
    }),
});

/** A list's `?owner=`: an admin key names whose resources it lists (every owner's when left out). */
export const OwnerQuery = z.object({
  owner: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      param: { name: "owner", in: "query" },
      description: "With an admin key: list only this owner's. Other keys list their own owner's only.",
      example: "team-support",
    }),
});

/** A page of one owner's resources (or, for an admin, of every owner's). */
export const OwnedPageQuery = PageQuery.merge(OwnerQuery);

export function pageOf<T extends z.ZodTypeAny>(item: T, name: string) {
  return z
    .object({
      data: z.array(item).openapi({ description: "This page's items" }),
      next_cursor: z
        .string()
        .nullable()
        .openapi({ description: "Cursor of the next page, null on the last page", example: null }),
    })
    .openapi(name);
}
