/**
 * @module routes
 * The inspector page's sign-in: `POST /ui/session` exchanges the API key for an HttpOnly, SameSite=Strict cookie
 * (so EventSource streams and `<img>` live views are authenticated too) and a CSRF token; `GET` says whether the
 * page must sign in and, if signed in, hands the token to a reloaded page; `DELETE` signs out.
 */
import { createRoute } from "@hono/zod-openapi";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { HttpError } from "../../http/errors.js";
import { UI_COOKIE } from "../../http/middleware/bearer-auth.js";
import { createRouter } from "../../http/router.js";
import { UI_SESSION_TTL_MS } from "../../domain/inspector/sign-in.js";
import { jsonBody } from "../shared/json-content.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { SignInBody, SignInResult, SignInState } from "./schemas.js";
import { ANY_KEY } from "../../http/route-access.js";

const getState = createRoute({
  method: "get",
  path: "/ui/session",
  operationId: "getInspectorSignIn",
  tags: ["inspector"],
  summary: "Whether the inspector page must sign in, and its sign-in if it has one",
  description:
    "Needs no key. Without server.api_key (a loopback server) `auth_required` is false and the page needs no sign-in.",
  security: [],
  responses: { 200: jsonAnswer("The sign-in state", SignInState), ...problemResponses({ auth: false }) },
});

const signIn = createRoute({
  method: "post",
  path: "/ui/session",
  operationId: "signInInspector",
  tags: ["inspector"],
  summary: "Exchange an API key for the inspector's sign-in cookie",
  description:
    "The server's key or any live API key; the page then shows what that key's owner sees. Sets `caduceus_ui` " +
    "(HttpOnly, SameSite=Strict, Path=/, 12 hours; Secure over https). Requests with the cookie " +
    "are authenticated like a Bearer key; those that change something must also send `X-CSRF-Token` with the " +
    "returned token (403 csrf_token_invalid otherwise). A wrong key answers 401.",
  security: [],
  request: { body: { required: true, content: jsonBody(SignInBody, { api_key: "sk-caduceus-…" }) } },
  responses: {
    200: jsonAnswer("Signed in; the cookie is set", SignInResult),
    ...problemResponses({ codes: ["unauthorized", "validation_failed"], auth: false, body: true }),
  },
});

const signOut = createRoute({
  method: "delete",
  path: "/ui/session",
  operationId: "signOutInspector",
  security: ANY_KEY,
  tags: ["inspector"],
  summary: "Sign the inspector out",
  description: "Ends the sign-in the cookie stands for and clears the cookie. Needs the cookie and `X-CSRF-Token`.",
  responses: {
    204: { description: "Signed out" },
    ...problemResponses({ codes: ["csrf_token_invalid"] }),
  },
});

const iso = (ms: number) => new Date(ms).toISOString();

export function inspectorRoutes() {
  const router = createRouter();
  router.openapi(getState, async (c) => {
    const { inspectorSignIn } = c.get("services");
    const session = await inspectorSignIn.find(getCookie(c, UI_COOKIE) ?? "");
    return c.json(
      {
        auth_required: inspectorSignIn.required,
        signed_in: session !== null,
        csrf_token: session?.csrf_token ?? null,
        expires_at: session ? iso(session.expires_at) : null,
      },
      200,
    );
  });
  router.openapi(signIn, async (c) => {
    const { inspectorSignIn } = c.get("services");
    if (!inspectorSignIn.required)
      throw new HttpError(
        "validation_failed",
        "the server has no API key (server.api_key): the page needs no sign-in",
        {
          errors: [{ location: "body.api_key", message: "nothing to sign in with" }],
        },
      );
    const made = await inspectorSignIn.signIn(c.req.valid("json").api_key);
    if (!made) throw new HttpError("unauthorized", "the API key is not valid");
    setCookie(c, UI_COOKIE, made.token, {
      httpOnly: true,
      sameSite: "Strict",
      path: "/",
      maxAge: Math.floor(UI_SESSION_TTL_MS / 1000),
      secure: new URL(c.req.url).protocol === "https:",
    });
    return c.json({ csrf_token: made.csrf_token, expires_at: iso(made.expires_at) }, 200);
  });
  router.openapi(signOut, async (c) => {
    const token = getCookie(c, UI_COOKIE);
    if (token) await c.get("services").inspectorSignIn.signOut(token);
    deleteCookie(c, UI_COOKIE, { path: "/" });
    return c.body(null, 204);
  });
  return router;
}
