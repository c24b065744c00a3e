/**
 * @module routes
 * A session's private values: marked (POST), listed masked (GET) and let go (DELETE). The guard refuses any action
 * that would carry one to an origin it is not bound to, once the session has read untrusted content.
 */
import { createRoute } from "@hono/zod-openapi";
import { maskToken } from "../../kernel/redaction-patterns.js";
import { createRouter } from "../../http/router.js";
import { requires } from "../../http/route-access.js";
import { jsonBody } from "../shared/json-content.js";
import { SessionIdParam } from "../shared/params.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import type { Services } from "../../services.js";
import {
  PrivateValueBody,
  PrivateValueList,
  PrivateValueParams,
  PrivateValueSchema,
  type PrivateValueResponse,
} from "./schemas.js";

const markPrivate = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/private-values",
  operationId: "addPrivateValue",
  security: requires("sessions:write"),
  tags: ["sessions"],
  summary: "Mark a value private: once untrusted content was read, it never leaves for another origin",
  description:
    "After the session has read a page, a dialog or an MCP result, any tool call that would carry this value (as " +
    "written, URL-encoded or in base64) to an origin not in `origins` is refused, whoever approves. The value is " +
    "never shown back whole.",
  request: {
    params: SessionIdParam,
    body: {
      required: true,
      content: jsonBody(PrivateValueBody, {
        value: "correct-horse-battery-staple",
        origins: ["https://bank.example.com"],
      }),
    },
  },
  responses: {
    201: postAnswer("Kept private", PrivateValueSchema),
    ...problemResponses({ codes: ["not_found"], body: true, idempotent: true }),
  },
});

const listPrivate = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/private-values",
  operationId: "listPrivateValues",
  security: requires("sessions:read"),
  tags: ["sessions"],
  summary: "The session's private values, masked",
  description: "Those marked private here, and the passwords the agent typed into password fields.",
  request: { params: SessionIdParam },
  responses: { 200: jsonAnswer("The private values", PrivateValueList), ...problemResponses({ codes: ["not_found"] }) },
});

const forgetPrivate = createRoute({
  method: "delete",
  path: "/v1/sessions/{id}/private-values/{value_id}",
  operationId: "deletePrivateValue",
  security: requires("sessions:write"),
  tags: ["sessions"],
  summary: "Let a private value go",
  description: "The guard stops tracking it.",
  request: { params: PrivateValueParams },
  responses: {
    204: { description: "Removed", headers: { "X-Request-Id": RESPONSE_HEADERS.requestId } },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

type PrivateValue = Awaited<ReturnType<Services["guard"]["privateValues"]["add"]>>;

const present = (value: PrivateValue): PrivateValueResponse => ({
  id: value.id,
  masked: maskToken(value.value),
  origins: value.origins,
  source: value.source,
  created_at: new Date(value.created_at).toISOString(),
});

export function guardRoutes() {
  const router = createRouter();
  router.openapi(markPrivate, async (c) => {
    const { value, origins } = c.req.valid("json");
    const added = await c.get("services").guard.privateValues.add(c.req.valid("param").id, value, origins ?? []);
    return c.json(present(added), 201);
  });
  router.openapi(listPrivate, async (c) => {
    const values = await c.get("services").guard.privateValues.list(c.req.valid("param").id);
    return c.json({ data: values.map(present) }, 200);
  });
  router.openapi(forgetPrivate, async (c) => {
    const { id, value_id: valueId } = c.req.valid("param");
    await c.get("services").guard.privateValues.remove(id, valueId);
    return c.body(null, 204);
  });
  return router;
}
