/**
 * @module routes
 * Liveness (without authentication, at /health and /v1/health) and readiness of the database, the model and the
 * browser.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { presentHealth, presentReadiness } from "./present.js";
import { HealthSchema, ReadySchema } from "./schemas.js";

function healthRoute(path: string) {
  return createRoute({
    method: "get",
    path,
    tags: ["health"],
    summary: "Liveness",
    description: "Answers without authentication while the process is up.",
    security: [],
    responses: { 200: { description: "Alive", content: { "application/json": { schema: HealthSchema } } } },
  });
}

const readyRoute = createRoute({
  method: "get",
  path: "/health/ready",
  tags: ["health"],
  summary: "Readiness of the database, the model and the browser",
  responses: {
    200: { description: "Every check ok or degraded", content: { "application/json": { schema: ReadySchema } } },
    503: { description: "A check is unavailable", content: { "application/json": { schema: ReadySchema } } },
  },
});

export function healthRoutes() {
  const router = createRouter();
  const health = presentHealth();
  router.openapi(healthRoute("/health"), (c) => c.json(health, 200));
  router.openapi(healthRoute("/v1/health"), (c) => c.json(health, 200));
  router.openapi(readyRoute, async (c) => {
    const report = await c.get("services").readiness.check();
    return c.json(presentReadiness(report), report.status === "unavailable" ? 503 : 200);
  });
  return router;
}
