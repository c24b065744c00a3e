/**
 * @module routes
 * `GET /metrics`: the server's Prometheus metrics in the text exposition format, for a scraper. Operator-only (the
 * admin key) unless `metrics.public: true`, for a scraper on a private network.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin } from "../../http/admin-access.js";
import { createRouter } from "../../http/router.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";

const EXPOSITION_EXAMPLE =
  "# HELP caduceus_runs_total Agent runs ended, by status\n# TYPE caduceus_runs_total counter\n" +
  'caduceus_runs_total{status="completed"} 12\n';

const metricsRoute = createRoute({
  method: "get",
  path: "/metrics",
  operationId: "getMetrics",
  tags: ["health"],
  // Checked by the handler: the admin key, unless `metrics.public` opens it to a scraper without one.
  security: [],
  summary: "Prometheus metrics",
  description:
    "Requests by route and status with their latency, runs by status, model calls, tokens, latency and time to " +
    "first token by model and purpose, fallbacks, compressions and the tokens they saved, live browsers, interrupts " +
    "waiting and event-loop lag, in Prometheus' text format (docs/observability.md lists them). Needs the admin key " +
    "(`server.api_key` or an admin API key) unless `metrics.public` is true.",
  responses: {
    200: {
      description: "The metrics, in the Prometheus text exposition format 0.0.4",
      headers: { "X-Request-Id": RESPONSE_HEADERS.requestId },
      content: {
        "text/plain": {
          schema: z.string().openapi({ description: "One sample per line", example: EXPOSITION_EXAMPLE }),
        },
      },
    },
    ...problemResponses({ store: false }),
  },
});

export function metricsRoutes() {
  const router = createRouter();
  router.openapi(metricsRoute, async (c) => {
    const services = c.get("services");
    if (!services.config.metrics.public) requireAdmin(c);
    const { body, contentType } = await services.metrics.scrape();
    return c.text(body, 200, { "Content-Type": contentType });
  });
  return router;
}
