/**
 * @module routes
 * The browser operations of a session: the supervisor's snapshot, navigate, evaluate, raw CDP, answering a
 * pending JavaScript dialog, and stopping the browser.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { jsonBody } from "../shared/json-content.js";
import { IdempotencyHeaders, SessionIdParam } from "../shared/params.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import {
  presentCdpResult,
  presentDialogAnswer,
  presentEvaluation,
  presentNavigation,
  presentSnapshot,
} from "./present.js";
import {
  ActionResultSchema,
  CdpBody,
  CdpResultSchema,
  EvaluateBody,
  EvaluateResultSchema,
  NavigateBody,
  RespondBody,
  RespondResultSchema,
  SnapshotSchema,
} from "./schemas.js";
import { requires } from "../../http/route-access.js";

const getSnapshot = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/snapshot",
  operationId: "getBrowserSnapshot",
  security: requires("browser"),
  tags: ["browser"],
  summary: "Browser state: pending and recent dialogs, frame tree, console",
  description: "Answers from state kept by the supervisor, so it answers promptly even while a dialog blocks the page.",
  request: { params: SessionIdParam },
  responses: {
    200: jsonAnswer("The snapshot", SnapshotSchema),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const navigateRoute = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/browser/navigate",
  operationId: "navigateBrowser",
  security: requires("browser"),
  tags: ["browser"],
  summary: "Start the browser if needed and open a URL",
  description:
    "Returns when the page has loaded, or at once with `dialog_opened` when the page opens a dialog that must be " +
    "answered. A page that cannot be loaded (a network error, a timeout, a redirect the browser refuses) answers " +
    "502 `navigation_failed` with `requested_url`, the `navigation_error` and the `url` the page showed when it failed.",
  request: {
    params: SessionIdParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: jsonBody(NavigateBody, { url: "about:blank" }) },
  },
  responses: {
    200: postAnswer("Where the page is now", ActionResultSchema),
    ...problemResponses({
      codes: ["not_found", "url_not_allowed", "browser_unavailable", "navigation_failed"],
      body: true,
      idempotent: true,
    }),
  },
});

const evaluateRoute = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/browser/evaluate",
  operationId: "evaluateScript",
  security: requires("browser:cdp"),
  tags: ["browser"],
  summary: "Evaluate JavaScript in the top frame or any frame of the tree",
  description: "JavaScript exceptions are results (`ok: false`), not errors.",
  request: {
    params: SessionIdParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: jsonBody(EvaluateBody, { expression: "document.title" }) },
  },
  responses: {
    200: postAnswer("The value or the exception", EvaluateResultSchema),
    ...problemResponses({
      codes: ["not_found", "frame_not_found", "url_not_allowed", "browser_unavailable", "browser_timeout"],
      body: true,
      idempotent: true,
    }),
  },
});

const cdpRoute = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/browser/cdp",
  operationId: "sendCdpCommand",
  security: requires("browser:cdp"),
  tags: ["browser"],
  summary: "Send a raw CDP command, optionally inside an out-of-process iframe",
  description:
    "`frame_id` must name an OOPIF (`is_oopif: true`); a same-process frame answers 409 frame_not_oopif. A command CDP refuses " +
    "answers 400 cdp_command_failed with CDP's message; one that opens a dialog, or that a pending dialog blocks, answers 409 " +
    "page_blocked_by_dialog at once with `pending_dialogs`; one the browser does not answer within `timeout_ms` answers 504 " +
    "browser_timeout. Page.navigate and Target.createTarget follow the same URL rules as browser/navigate.\n\n" +
    "Only the methods a page agent needs run (Runtime evaluation, DOM/CSS/Accessibility/DOMSnapshot reads and " +
    "edits, Page navigation, history, frame tree and screenshots, Network cookies and headers, Emulation, Input, " +
    "Log, Performance); any other method answers 403 cdp_method_not_allowed before a browser is started, whatever " +
    "the session. The server operator can allow more with `browser.cdp_allow`. Params that cannot be sent " +
    "(nested more than 32 levels, or not JSON) answer 400 validation_failed at `body.params`.",
  request: {
    params: SessionIdParam,
    headers: IdempotencyHeaders,
    body: {
      required: true,
      content: jsonBody(CdpBody, { method: "Runtime.evaluate", params: { expression: "1 + 1", returnByValue: true } }),
    },
  },
  responses: {
    200: postAnswer("The CDP result", CdpResultSchema),
    ...problemResponses({
      codes: [
        "not_found",
        "frame_not_found",
        "frame_not_oopif",
        "page_blocked_by_dialog",
        "url_not_allowed",
        "cdp_method_not_allowed",
        "cdp_command_failed",
        "browser_unavailable",
        "browser_timeout",
      ],
      body: true,
      idempotent: true,
    }),
  },
});

const stopRoute = createRoute({
  method: "delete",
  path: "/v1/sessions/{id}/browser",
  operationId: "stopBrowser",
  security: requires("browser"),
  tags: ["browser"],
  summary: "Stop the session's browser supervisor",
  description:
    "Closes the session's browser (or disconnects from a CDP endpoint); the next browser action starts a fresh one.",
  request: { params: SessionIdParam },
  responses: {
    204: { description: "Stopped (or was not running)", headers: { "X-Request-Id": RESPONSE_HEADERS.requestId } },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const respondRoute = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/dialogs/respond",
  operationId: "respondToDialog",
  security: requires("browser"),
  tags: ["browser"],
  summary: "Answer a pending JavaScript dialog",
  description:
    "With one dialog pending, `dialog_id` may be left out; with several it is required (409 dialog_ambiguous lists the candidates). " +
    "No dialog pending → 409 no_dialog_open; an unknown id → 404 dialog_not_found.",
  request: {
    params: SessionIdParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: jsonBody(RespondBody, { action: "accept" }) },
  },
  responses: {
    200: postAnswer("The dialog that was answered", RespondResultSchema),
    ...problemResponses({
      codes: ["not_found", "dialog_not_found", "no_dialog_open", "dialog_ambiguous"],
      body: true,
      idempotent: true,
    }),
  },
});

/** Registered in this order (the dialog answer last), which is the order of the OpenAPI document's paths. */
export function browserRoutes() {
  const router = createRouter();
  router.openapi(getSnapshot, async (c) => {
    return c.json(presentSnapshot(await c.get("services").browsers.snapshot(c.req.valid("param").id)), 200);
  });
  router.openapi(navigateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const result = await c.get("services").browsers.navigateOrFail(id, c.req.valid("json").url);
    return c.json(presentNavigation(result), 200);
  });
  router.openapi(evaluateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    return c.json(
      presentEvaluation(await c.get("services").browsers.evaluate(id, body.expression, body.frame_id)),
      200,
    );
  });
  router.openapi(cdpRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const result = await c
      .get("services")
      .browsers.cdp(id, body.method, body.params ?? {}, { frameId: body.frame_id, timeoutMs: body.timeout_ms });
    return c.json(presentCdpResult(result), 200);
  });
  router.openapi(stopRoute, async (c) => {
    await c.get("services").browsers.stop(c.req.valid("param").id);
    return c.body(null, 204);
  });
  router.openapi(respondRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const answer = await c.get("services").browsers.respond(id, body.action, body.prompt_text, body.dialog_id, "user");
    return c.json(presentDialogAnswer(answer), 200);
  });
  return router;
}
