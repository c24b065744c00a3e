/**
 * @module web/client
 * The inspector's API client: openapi-fetch typed from api.d.ts (generated from openapi.yaml), plus the page's
 * sign-in session. A signed-in page holds the CSRF token in memory only and sends it as X-CSRF-Token on every
 * request that changes something; the HttpOnly cookie rides along by itself.
 */
import createClient, { type Middleware } from "openapi-fetch";
import type { components, paths } from "./api.js";

export type Schemas = components["schemas"];

/** What GET /ui/session answers: whether the page must sign in, and the token of a signed-in page. */
export type UiSession = Schemas["InspectorSignInState"];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
let csrfToken: string | null = null;
/** Called when the server answers 401: the sign-in expired or was revoked. */
let onSignedOut: () => void = () => {};

export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

const csrf: Middleware = {
  onRequest({ request }) {
    if (csrfToken && !SAFE_METHODS.has(request.method)) request.headers.set("X-CSRF-Token", csrfToken);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && !new URL(request.url).pathname.startsWith("/ui/session")) onSignedOut();
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: location.origin, credentials: "same-origin" });
api.use(csrf);

/** The problem+json `detail` (or title) of a failed call, as one line for the page. */
export function problemText(error: unknown, status?: number): string {
  if (error && typeof error === "object") {
    const e = error as { detail?: string; title?: string; error?: { message?: string } };
    const text = e.detail ?? e.title ?? e.error?.message;
    if (text) return status ? `${status}: ${text}` : text;
  }
  return status ? `request failed with ${status}` : "request failed";
}

/** Unwraps an openapi-fetch result: the data, or an Error carrying the problem's text. */
export function must<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    if (result.response.status === 204) return undefined as T;
    throw new Error(problemText(result.error, result.response.status));
  }
  return result.data;
}

/** Reads the page's sign-in state (GET /ui/session needs no sign-in) and keeps its CSRF token. */
export async function readUiSession(): Promise<UiSession> {
  const session = must(await api.GET("/ui/session"));
  csrfToken = session.csrf_token;
  return session;
}

/** Exchanges the API key for the session cookie and a CSRF token; false when the key is wrong. */
export async function signIn(apiKey: string): Promise<boolean> {
  const result = await api.POST("/ui/session", { body: { api_key: apiKey } });
  if (result.response.status === 401) return false;
  csrfToken = must(result).csrf_token;
  return true;
}

/** Ends the sign-in: the server forgets it and clears the cookie. */
export async function signOut(): Promise<void> {
  const result = await api.DELETE("/ui/session");
  if (result.response.status !== 204 && result.response.status !== 401) must(result);
  csrfToken = null;
}

/** `/v1/sessions/{id}/…` as a same-origin URL, for EventSource and <img>. */
export function sessionUrl(id: string, rest: string): string {
  return `/v1/sessions/${encodeURIComponent(id)}${rest}`;
}
