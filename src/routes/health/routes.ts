/**
 * @module routes
 * Liveness (without authentication, at /health and /v1/health) and readiness of the database, the model and the
 * browser.
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../http/env.js";
import { createRouter } from "../../http/router.js";
import { advertisedModel, identityOf } from "../shared/identity.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { presentDetailedHealth, presentHealth, presentReadiness } from "./present.js";
import { DetailedHealthSchema, HealthSchema, ReadySchema } from "./schemas.js";
import { ANY_KEY } from "../../http/route-access.js";

/** `/health` is the operation; `/v1/health` is the same answer under the versioned prefix. */
function healthRoute(path: string, operationId: string) {
  return createRoute({
    method: "get",
    path,
    operationId,
    tags: ["health"],
    summary: "Liveness",
    description:
      "Answers 200 without authentication while the process is up; it checks nothing else (see /health/ready for that).",
    security: [],
    responses: {
      200: jsonAnswer("Alive", HealthSchema),
      // Even a liveness check can be refused for its Host or Origin, or fail inside; it never reads the database.
      ...problemResponses({ auth: false, store: false }),
    },
  });
}

const readyRoute = createRoute({
  method: "get",
  path: "/health/ready",
  operationId: "getReadiness",
  security: ANY_KEY,
  tags: ["health"],
  summary: "Readiness of the database, the model and the browser",
  description:
    "Checks for real: pings the database; probes the configured model with `GET {model.base_url}/models` (OpenAI's " +
    "API when no base URL is set) using `model.api_key`; finds an executable Chromium, or with `browser.cdp_url` " +
    "asks the endpoint for `/json/version`. Network probes time out after 2 s and their answers are reused for 5 s. " +
    "It answers 503 when the database check or the model check is `unavailable` (a configured model that cannot be " +
    "reached, refuses the key or fails); a missing model configuration or browser only degrades it (200). Needs the " +
    "API key when `server.api_key` is set.",
  responses: {
    200: jsonAnswer("Ready: every check ok, or degraded (no model configured, no browser)", ReadySchema),
    // 401 (unauthorized) only when server.api_key is set, like every operation but the liveness checks.
    ...problemResponses({}),
    503: jsonAnswer(
      "Not ready: the database or the configured model is unavailable; each check's detail says why",
      ReadySchema,
    ),
  },
});

const detailedRoute = createRoute({
  method: "get",
  path: "/health/detailed",
  operationId: "getDetailedHealth",
  security: ANY_KEY,
  tags: ["health"],
  summary: "Readiness with the server's load: runs, browsers and their memory, uptime",
  description:
    "The checks of /health/ready with how many runs execute and wait, the browsers (the Chromium processes the " +
    "server runs with their resident memory, each session's browser context with its tabs and JavaScript heap, and " +
    "the pool of warm contexts), the model clients see and the uptime, and Hermes's fields (`gateway_state`, `platforms`, `pid`). Always 200 (the status says how it " +
    "stands). Needs the API key when `server.api_key` is set.",
  responses: { 200: jsonAnswer("How the server stands", DetailedHealthSchema), ...problemResponses({}) },
});

export function healthRoutes() {
  const router = createRouter();
  const health = (c: Context<AppEnv>) => c.json(presentHealth(identityOf(c.get("services").config)), 200);
  router.openapi(healthRoute("/health", "getHealth"), health);
  router.openapi(healthRoute("/v1/health", "getHealthV1"), health);
  router.openapi(readyRoute, async (c) => {
    const report = await c.get("services").readiness.check();
    return c.json(presentReadiness(report), report.status === "unavailable" ? 503 : 200);
  });
  router.openapi(detailedRoute, async (c) => {
    const { readiness, agent, supervisors, config } = c.get("services");
    const report = await readiness.check();
    return c.json(
      presentDetailedHealth(report, identityOf(config), {
        uptimeS: Math.round(process.uptime()),
        model: advertisedModel(config),
        activeRuns: agent.activeCount,
        waitingRuns: agent.waitingCount,
        maxConcurrentRuns: config.server.max_concurrent_runs,
        activeBrowsers: supervisors.activeCount,
        browsers: await supervisors.census(),
        draining: agent.draining,
      }),
      200,
    );
  });
  return router;
}
