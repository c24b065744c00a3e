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
export type UiSession = {
  auth_required: boolean;
  signed_in: boolean;
  csrf_token: string | null;
  expires_at: string | null;
};

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
  onResponse({ response }) {
    if (response.status === 401) onSignedOut();
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

/** Reads the page's sign-in state. A server without the /ui/session route serves no sign-in at all. */
export async function readUiSession(): Promise<UiSession> {
  const res = await fetch("/ui/session", { credentials: "same-origin" });
  if (res.status === 404) return { auth_required: false, signed_in: false, csrf_token: null, expires_at: null };
  if (!res.ok) throw new Error(`GET /ui/session answered ${res.status}`);
  const session = (await res.json()) as UiSession;
  csrfToken = session.csrf_token;
  return session;
}

/** Exchanges the API key for the session cookie and a CSRF token; false when the key is wrong. */
export async function signIn(apiKey: string): Promise<boolean> {
  const res = await fetch("/ui/session", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ api_key: apiKey }),
  });
  if (res.status === 401) return false;
  if (!res.ok) throw new Error(`POST /ui/session answered ${res.status}`);
  csrfToken = ((await res.json()) as { csrf_token: string }).csrf_token;
  return true;
}

export async function signOut(): Promise<void> {
  await fetch("/ui/session", {
    method: "DELETE",
    credentials: "same-origin",
    headers: csrfToken ? { "X-CSRF-Token": csrfToken } : {},
  });
  csrfToken = null;
}

/** `/v1/sessions/{id}/…` as a same-origin URL, for EventSource and <img>. */
export function sessionUrl(id: string, rest: string): string {
  return `/v1/sessions/${encodeURIComponent(id)}${rest}`;
}
