/**
 * @module route-template
 * The route a request was answered by, as its template (`/v1/sessions/:id/messages`), for metrics labels and span
 * names: bounded, unlike the paths themselves. A request no route served is `unmatched`.
 */
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";

export function routeTemplateOf(c: Context): string {
  // Middleware is registered for every method (`ALL`); the route that answered is the last one of a method.
  const endpoint = [...matchedRoutes(c)].reverse().find((route) => route.method !== "ALL");
  return endpoint?.path ?? "unmatched";
}
