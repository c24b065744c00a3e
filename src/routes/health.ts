import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "./router.js";
import { VERSION } from "../version.js";

const HealthSchema = z
  .object({
    status: z.literal("ok").openapi({ description: "Always ok when the process answers", example: "ok" }),
    version: z.string().openapi({ description: "Server version", example: "0.1.0" }),
    platform: z.literal("caduceus").openapi({ description: "Server platform name", example: "caduceus" }),
  })
  .openapi("Health");

const CheckState = z.enum(["ok", "degraded", "unavailable"]);
const checkSchema = (description: string) =>
  z
    .object({
      status: CheckState.openapi({ description: "ok, degraded (works with limits) or unavailable", example: "ok" }),
      detail: z.string().optional().openapi({ description: "What was found, or what to do about it", example: "/usr/bin/chromium" }),
    })
    .openapi({ description });
const ReadySchema = z
  .object({
    status: CheckState.openapi({ description: "Worst of the checks", example: "ok" }),
    checks: z
      .object({
        database: checkSchema("SQLite reachable"),
        model: checkSchema("Model configured"),
        browser: checkSchema("Chromium found or CDP URL set"),
      })
      .openapi({ description: "Each dependency's state" }),
  })
  .openapi("Readiness");

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
  const health = { status: "ok" as const, version: VERSION, platform: "caduceus" as const };
  router.openapi(healthRoute("/health"), (c) => c.json(health, 200));
  router.openapi(healthRoute("/v1/health"), (c) => c.json(health, 200));
  router.openapi(readyRoute, async (c) => {
    const report = await c.get("services").readiness.check();
    return c.json(report, report.status === "unavailable" ? 503 : 200);
  });
  return router;
}
