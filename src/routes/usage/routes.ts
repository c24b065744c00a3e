/**
 * @module routes
 * GET /v1/usage: what the caller's owner's model calls used and cost (an admin's: every owner's), grouped.
 */
import { createRoute, type z } from "@hono/zod-openapi";
import { ownerFilter } from "../../domain/shared/owner-scope.js";
import { createRouter } from "../../http/router.js";
import { requires } from "../../http/route-access.js";
import { HttpError } from "../../http/errors.js";
import { problemResponses } from "../shared/problem-responses.js";
import type { UsageReport } from "../shared/records.js";
import { jsonAnswer } from "../shared/success-responses.js";
import { UsageQuery, UsageReportSchema } from "./schemas.js";

const DEFAULT_RANGE_MS = 30 * 24 * 60 * 60 * 1000;

const getUsage = createRoute({
  method: "get",
  path: "/v1/usage",
  operationId: "getUsage",
  security: requires("sessions:read"),
  tags: ["keys"],
  summary: "Tokens and cost of model calls, grouped by owner, key, session, model, purpose or day",
  description:
    "Every model call is recorded — agent turns, turns that carried images (`vision`), compression summaries — with " +
    "its tokens (the provider's usage; counted here when it sent none) and its cost from the price table " +
    "(`models.prices`; null without a price). A key sees its owner's calls; an admin every owner's, or `owner`'s.",
  request: { query: UsageQuery },
  responses: {
    200: jsonAnswer("The report", UsageReportSchema),
    ...problemResponses({ codes: ["insufficient_scope"] }),
  },
});

function presentReport(report: UsageReport): z.infer<typeof UsageReportSchema> {
  const sums = ({ saved_tokens: saved, ...row }: UsageReport["totals"]) => ({
    ...row,
    compression_saved_tokens: saved,
  });
  return {
    object: "usage",
    from: new Date(report.from).toISOString(),
    to: new Date(report.to).toISOString(),
    group_by: report.group_by,
    data: report.rows.map(({ group, ...row }) => ({ group, ...sums(row) })),
    totals: sums(report.totals),
  };
}

export function usageRoutes() {
  const router = createRouter();
  router.openapi(getUsage, async (c) => {
    const { usage, now } = c.get("services");
    const query = c.req.valid("query");
    const to = query.to ? Date.parse(query.to) : now();
    const from = query.from ? Date.parse(query.from) : to - DEFAULT_RANGE_MS;
    if (from >= to)
      throw new HttpError("validation_failed", "from must be before to", {
        errors: [{ location: "query.from", message: "not before to" }],
      });
    const owner = ownerFilter(c.get("caller"), query.owner);
    return c.json(presentReport(await usage.report({ from, to, group_by: query.group_by, owner })), 200);
  });
  return router;
}
