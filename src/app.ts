/**
 * @module app
 * The HTTP application: the middleware every request passes through, in order, the routes of every resource, the
 * OpenAPI document at /openapi.json, and the one error handler that turns whatever is thrown into problem+json (or
 * the OpenAI error envelope on the compatible paths).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { asHttpError, HttpError } from "./http/errors.js";
import { adapterRefusals } from "./http/adapter-refusals.js";
import type { AppEnv } from "./http/env.js";
import { bearerAuth } from "./http/middleware/bearer-auth.js";
import { keyRate } from "./http/middleware/key-rate.js";
import { browserForwarding } from "./http/middleware/browser-forwarding.js";
import { internalRoutes } from "./routes/internal/routes.js";
import { corsAllowlist } from "./http/middleware/cors.js";
import { idempotency } from "./http/middleware/idempotency.js";
import { requireJsonBody } from "./http/middleware/json-body.js";
import { loopbackHostGuard } from "./http/middleware/loopback-host.js";
import { requestFrame } from "./http/middleware/request-frame.js";
import { allowedMethods } from "./http/allowed-methods.js";
import { SECURITY_SCHEME } from "./http/route-access.js";
import { SCOPE_DESCRIPTIONS, SCOPES } from "./domain/shared/scopes.js";
import { errorResponderFor, openAiErrorBody } from "./http/openai-error.js";
import { browserLiveRoutes } from "./routes/browser/live-routes.js";
import { browserRoutes } from "./routes/browser/routes.js";
import { contextRoutes } from "./routes/context/routes.js";
import { recallRoutes } from "./routes/recall/routes.js";
import { memoryRoutes } from "./routes/memory/routes.js";
import { docsRoutes } from "./routes/docs/routes.js";
import { eventRoutes } from "./routes/events/routes.js";
import { healthRoutes } from "./routes/health/routes.js";
import { inspectorPage } from "./routes/inspector/page.js";
import { inspectorRoutes } from "./routes/inspector/routes.js";
import { imageRoutes } from "./routes/images/routes.js";
import { mcpRoutes } from "./routes/mcp/routes.js";
import { guardRoutes } from "./routes/guard/routes.js";
import { messageRoutes } from "./routes/messages/routes.js";
import { metricsRoutes } from "./routes/metrics/routes.js";
import { runRoutes } from "./routes/runs/routes.js";
import { interruptRoutes } from "./routes/runs/interrupt-routes.js";
import { approvalRoutes } from "./routes/runs/approval-routes.js";
import { discoveryRoutes } from "./routes/openai/discovery-routes.js";
import { openAiCompatRoutes } from "./routes/openai/routes.js";
import { responseRoutes } from "./routes/responses/routes.js";
import { hermesSessionRoutes } from "./routes/hermes-sessions/routes.js";
import { hermesModelRoutes } from "./routes/hermes-sessions/model-routes.js";
import { hermesOutcome } from "./routes/runs/hermes-status.js";
import { sessionRoutes } from "./routes/sessions/routes.js";
import { keyRoutes } from "./routes/keys/routes.js";
import { usageRoutes } from "./routes/usage/routes.js";
import { jobRoutes } from "./routes/jobs/routes.js";
import { hermesJobRoutes } from "./routes/jobs/hermes-routes.js";
import { webhookRoutes } from "./routes/webhooks/routes.js";
import { registerWebhookPayloads } from "./routes/webhooks/payload-docs.js";
import { registerErrorExamples, registerResponseHeaders } from "./routes/shared/problem-responses.js";
import { createServices, type AppDeps, type Services } from "./services.js";
import { VERSION } from "./version.js";

export type App = OpenAPIHono<AppEnv> & { services: Services };

export const OPENAPI_INFO = {
  openapi: "3.1.0",
  info: {
    title: "Caduceus",
    version: VERSION,
    description:
      "Agent API server: sessions, messages and agent runs with a supervised headless browser " +
      "(dialogs, frames, OOPIFs) and lossless context compression.",
    contact: { name: "Caduceus maintainers" },
    license: { name: "MIT", identifier: "MIT" },
  },
  servers: [{ url: "http://127.0.0.1:8642", description: "A local server on the default host and port" }],
  security: [{ bearerAuth: [] }],
  tags: [
    {
      name: "sessions",
      description: "Sessions: create, list, read, change and delete, with their settings and token figures",
    },
    {
      name: "messages",
      description: "The transcript: append messages and run the agent on a user message; the images tools returned",
    },
    {
      name: "runs",
      description:
        "Agent runs as resources (read, list, cancel, follow, steer) and the interrupts they wait on: approvals, " +
        "the client's own tool calls, page dialogs",
    },
    {
      name: "context",
      description:
        "The active context, compression on request, summary versions, the anchor index and transcript search",
    },
    {
      name: "browser",
      description: "The session's supervised browser: snapshot, navigate, evaluate, raw CDP, dialogs, stop",
    },
    { name: "events", description: "The session's live event stream (SSE), resumable with Last-Event-ID" },
    {
      name: "mcp",
      description: "The MCP servers the operator configured, whose tools the agent offers as mcp__<server>__<tool>",
    },
    {
      name: "inspector",
      description: "The inspector page's sign-in: the API key exchanged once for an HttpOnly cookie and a CSRF token",
    },
    {
      name: "compatibility",
      description: "OpenAI-compatible operations (models, chat completions, Responses) and capabilities",
    },
    {
      name: "hermes-sessions",
      description:
        "The Hermes Agent API server's session resources (/api/sessions): list, create, read, change, delete, " +
        "transcript, fork, chat (whole or streamed) and search across sessions, over the same sessions and runs",
    },
    {
      name: "keys",
      description:
        "API keys (admin): scoped, owner-bound, limited, revocable; the audit log; usage and cost of model calls; " +
        "who a request acts as",
    },
    {
      name: "memory",
      description:
        "The owner's memory: the agent's notes and the user's profile, short entries under a character limit each, " +
        "frozen into every new session's system prompt",
    },
    {
      name: "jobs",
      description:
        "Scheduled jobs: a prompt run on a cron, interval or one-off schedule with no client connected, and the runs " +
        "each fired; also on the Hermes routes (/api/jobs)",
    },
    {
      name: "webhooks",
      description:
        "Signed (Standard Webhooks) deliveries of run, dialog, job and browser events, retried with backoff; the " +
        "payloads are in the document's `webhooks`",
    },
    { name: "health", description: "Liveness and readiness checks" },
  ],
};

/** A thrown value the API answers with a known code: our own errors, or hono's body-parsing failures. */
function knownError(err: unknown): HttpError | null {
  const known = asHttpError(err);
  if (known) return known;
  if (err instanceof HTTPException) {
    if (err.status === 413)
      return new HttpError("payload_too_large", "the request body is larger than server.max_body_bytes");
    if (err.status === 415) {
      return new HttpError("unsupported_media_type", "send the body as JSON with `Content-Type: application/json`", {
        errors: [{ location: "header.content-type", message: "must be application/json" }],
      });
    }
    if (err.status === 400) {
      return new HttpError("validation_failed", `the body is not valid JSON: ${err.message}`, {
        errors: [{ location: "body", message: "malformed JSON" }],
      });
    }
  }
  return null;
}

/** Builds the HTTP application around the given collaborators; performs no I/O by itself. */
export function createApp(deps: AppDeps): App {
  const services = createServices(deps);
  const { config, logger } = deps;
  const app = new OpenAPIHono<AppEnv>() as App;
  app.services = services;

  app.use("*", requestFrame({ services, audit: services.audit, metrics: services.metrics, logger }));
  app.use("*", adapterRefusals());
  app.use("*", loopbackHostGuard(config.server.api_key));
  app.use("*", corsAllowlist(config.server.cors_origins));
  // Built from the route table on first use, once every route below is registered.
  const methodsOf = allowedMethods(app.routes);
  app.use(
    "*",
    bearerAuth({
      apiKey: config.server.api_key,
      keys: services.keys,
      signIn: services.inspectorSignIn,
      isServed: (path) => methodsOf(path).length > 0,
      alsoPublic: config.metrics.public ? ["/metrics"] : [],
    }),
  );
  app.use("*", keyRate(services.requestRate, services.now));
  app.use(
    "*",
    bodyLimit({
      maxSize: config.server.max_body_bytes,
      onError: () => {
        throw new HttpError(
          "payload_too_large",
          `the request body is larger than ${config.server.max_body_bytes} bytes (server.max_body_bytes)`,
        );
      },
    }),
  );
  app.use("*", requireJsonBody());
  // With several replicas on one database, a session's browser lives on one of them: its requests go there.
  if (deps.store.topology === "shared")
    app.use(
      "/v1/sessions/*",
      browserForwarding({
        ownership: services.browserOwnership,
        internalKey: config.server.internal_key,
        owners: services.owners,
      }),
    );
  const idempotent = idempotency(deps.store.idempotency, services.now, {
    runStatus: async (runId) => {
      const run = await deps.store.runs.get(runId);
      return run ? hermesOutcome(run.status).status : null;
    },
  });
  // A key's answer holds its secret, which is never stored: the admin routes take no Idempotency-Key.
  const idempotentButAdmin: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.path.startsWith("/v1/admin/") ? next() : idempotent(c, next);
  app.use("/v1/*", idempotentButAdmin);
  app.use("/api/*", idempotent);

  app.route("/", healthRoutes());
  app.route("/", metricsRoutes());
  app.route("/", sessionRoutes());
  app.route("/", messageRoutes());
  app.route("/", imageRoutes());
  app.route("/", runRoutes());
  app.route("/", interruptRoutes());
  app.route("/", approvalRoutes());
  app.route("/", contextRoutes());
  app.route("/", recallRoutes());
  app.route("/", memoryRoutes());
  app.route("/", browserRoutes());
  app.route("/", browserLiveRoutes());
  app.route("/", eventRoutes());
  app.route("/", mcpRoutes());
  app.route("/", guardRoutes());
  if (deps.store.topology === "shared") app.route("/", internalRoutes(config.server.internal_key));
  app.route("/", openAiCompatRoutes());
  app.route("/", discoveryRoutes());
  app.route("/", responseRoutes());
  app.route("/", hermesSessionRoutes());
  app.route("/", hermesModelRoutes());
  app.route("/", keyRoutes());
  app.route("/", usageRoutes());
  app.route("/", jobRoutes());
  app.route("/", hermesJobRoutes());
  app.route("/", webhookRoutes());
  app.route("/", docsRoutes());
  app.route("/", inspectorRoutes());
  app.route("/", inspectorPage());

  app.openAPIRegistry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    description:
      "The server key (server.api_key: every scope) or an API key (POST /v1/admin/keys), sent as " +
      "`Authorization: Bearer <key>`. Each operation names the scope it needs: " +
      SCOPES.map((scope) => `\`${scope}\` (${SCOPE_DESCRIPTIONS[scope]})`).join("; ") +
      ". A key without it is answered 403 `insufficient_scope`.",
  });
  registerResponseHeaders((name, header) => app.openAPIRegistry.registerComponent("headers", name, header));
  registerErrorExamples(
    (name, example) => app.openAPIRegistry.registerComponent("examples", name, example),
    openAiErrorBody,
  );
  registerWebhookPayloads(app.openAPIRegistry);
  app.doc31("/openapi.json", OPENAPI_INFO);

  app.notFound((c) => {
    const respond = errorResponderFor(c.req.path);
    const allowed = methodsOf(c.req.path);
    // A route of this method answered not found itself (an unknown asset): the path is served, the thing is not.
    if (allowed.length > 0 && !allowed.includes(c.req.method))
      return respond(
        c,
        new HttpError(
          "method_not_allowed",
          `${c.req.method} is not served at ${c.req.path}; it answers ${allowed.join(", ")}`,
          { headers: { Allow: allowed.join(", ") }, details: { allowed_methods: allowed } },
        ),
      );
    return respond(c, new HttpError("not_found", `no route for ${c.req.method} ${c.req.path}`));
  });
  app.onError((err, c) => {
    const respond = errorResponderFor(c.req.path);
    const known = knownError(err);
    if (known) return respond(c, known);
    logger.error({ err, request_id: c.get("requestId"), path: c.req.path }, "unhandled error");
    return respond(
      c,
      new HttpError(
        "internal_error",
        `an internal error occurred; quote request id ${c.get("requestId")} when reporting it`,
      ),
    );
  });
  return app;
}
