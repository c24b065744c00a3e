/**
 * @module allowed-methods
 * Which methods a path is served with, from the app's own route table: a request whose path exists under other
 * methods answers `405 Method Not Allowed` with `Allow` (RFC 9110 §15.5.6), not a 404 that says the path is not
 * there.
 */

type RouteEntry = { method: string; path: string };

/** A route path (`/v1/sessions/:id/messages`, `/ui/*`) as a pattern over request paths. */
function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      if (segment.startsWith(":")) return "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/** Looks up the methods of a path; built once from the routes, which do not change after start-up. */
export function allowedMethods(routes: readonly RouteEntry[]): (path: string) => string[] {
  let table: Array<{ method: string; pattern: RegExp }> | null = null;
  return (path) => {
    // Middleware is registered for every method (`ALL`): it says nothing about which methods a path serves.
    table ??= routes
      .filter((route) => route.method !== "ALL")
      .map((r) => ({ method: r.method, pattern: patternOf(r.path) }));
    const methods = new Set(table.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
