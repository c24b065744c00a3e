/**
 * @module security-headers
 * The security headers of every response (SPEC §2), set by ./request-frame.ts. Hand-written rather than hono's
 * secure-headers: the API reference under /docs needs its own CSP on the same app, and the Node adapter sends this
 * exact set on the refusals the app never sees, so the set is one exported record.
 */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
/** The inspector page: its own scripts only; inline styles (style attributes), images from us and data: URLs. */
const INSPECTOR_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/** The security headers of a JSON response, also sent by the Node adapter on what the app never sees. */
export const JSON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": JSON_CSP,
};

/** Sets the security headers of a response to a request for `path`. */
export function setSecurityHeaders(headers: Headers, path: string): void {
  for (const [name, value] of Object.entries(JSON_SECURITY_HEADERS)) headers.set(name, value);
  if (path === "/docs" || path.startsWith("/docs/")) headers.set("Content-Security-Policy", DOCS_CSP);
  if (path === "/ui" || (path.startsWith("/ui/") && path !== "/ui/session"))
    headers.set("Content-Security-Policy", INSPECTOR_CSP);
}
