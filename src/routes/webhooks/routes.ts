/**
 * @module routes
 * Webhooks: create one (its secret answered once), list, read, change, delete; its deliveries, and sending one again
 * by hand. A webhook is its creating key's owner's and is sent the events of that owner's sessions and jobs.
 */
import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router.js";
import { requires } from "../../http/route-access.js";
import { jsonBody } from "../shared/json-content.js";
import { OwnerQuery } from "../shared/pagination.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { presentDelivery, presentWebhook } from "./present.js";
import {
  CreatedWebhookSchema,
  CreateWebhookBody,
  DeliveryList,
  DeliveryParams,
  DeliverySchema,
  UpdateWebhookBody,
  WebhookIdParam,
  WebhookList,
  WebhookSchema,
} from "./schemas.js";

const TAGS = ["webhooks"];
const DELIVERIES_LISTED = 100;

const createWebhook = createRoute({
  method: "post",
  path: "/v1/webhooks",
  operationId: "createWebhook",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Create a webhook; its secret is in this answer only",
  description:
    "Events are POSTed as `{type, timestamp, data}` with Standard Webhooks headers (`webhook-id`, " +
    "`webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`) signed with the secret. Only http(s); " +
    "link-local and metadata addresses are refused, loopback and private ones unless `webhooks.allow_private`; the " +
    "address is checked again on every delivery. An unknown event is answered 400 naming it.",
  request: {
    body: {
      required: true,
      content: jsonBody(CreateWebhookBody, {
        url: "https://hooks.example.com/caduceus",
        events: ["run.completed", "run.failed", "run.requires_action"],
      }),
    },
  },
  responses: {
    201: {
      ...postAnswer("Created", CreatedWebhookSchema),
      headers: {
        ...postAnswer("Created", CreatedWebhookSchema).headers,
        Location: {
          description: "The webhook's URL",
          schema: { type: "string", example: "/v1/webhooks/whk_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
        },
      },
    },
    ...problemResponses({ body: true, idempotent: true, codes: ["url_not_allowed"] }),
  },
});

const listWebhooks = createRoute({
  method: "get",
  path: "/v1/webhooks",
  operationId: "listWebhooks",
  security: requires("sessions:read"),
  tags: TAGS,
  summary: "List webhooks, newest first",
  description: "The caller's own (an admin key: every owner's, or `owner`'s). Never their secrets.",
  request: { query: OwnerQuery },
  responses: { 200: jsonAnswer("The webhooks", WebhookList), ...problemResponses({}) },
});

const getWebhook = createRoute({
  method: "get",
  path: "/v1/webhooks/{id}",
  operationId: "getWebhook",
  security: requires("sessions:read"),
  tags: TAGS,
  summary: "One webhook",
  description: "Never its secret; a disabled one says why.",
  request: { params: WebhookIdParam },
  responses: { 200: jsonAnswer("The webhook", WebhookSchema), ...problemResponses({ codes: ["not_found"] }) },
});

const updateWebhook = createRoute({
  method: "patch",
  path: "/v1/webhooks/{id}",
  operationId: "updateWebhook",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Change a webhook, or enable it again",
  description: "Fields left out stay as they are; `enabled: true` enables a disabled webhook and clears why.",
  request: {
    params: WebhookIdParam,
    body: { required: true, content: jsonBody(UpdateWebhookBody, { enabled: true }) },
  },
  responses: {
    200: jsonAnswer("The changed webhook", WebhookSchema),
    ...problemResponses({ body: true, codes: ["not_found", "url_not_allowed"] }),
  },
});

const deleteWebhook = createRoute({
  method: "delete",
  path: "/v1/webhooks/{id}",
  operationId: "deleteWebhook",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Delete a webhook and its deliveries",
  description: "No delivery is made to it after this, pending ones included.",
  request: { params: WebhookIdParam },
  responses: {
    204: { description: "Deleted", headers: { "X-Request-Id": RESPONSE_HEADERS.requestId } },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const listDeliveries = createRoute({
  method: "get",
  path: "/v1/webhooks/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  security: requires("sessions:read"),
  tags: TAGS,
  summary: "A webhook's deliveries, newest first",
  description: "Each with its event, status, attempts, last response code and next attempt (the newest 100).",
  request: { params: WebhookIdParam },
  responses: { 200: jsonAnswer("The deliveries", DeliveryList), ...problemResponses({ codes: ["not_found"] }) },
});

const redeliver = createRoute({
  method: "post",
  path: "/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver",
  operationId: "redeliverWebhookDelivery",
  security: requires("sessions:write"),
  tags: TAGS,
  summary: "Send a delivery once more, now",
  description:
    "One attempt with the same `webhook-id`, made before answering: the delivery as it left it. A failed one is " +
    "not retried after and disables nothing.",
  request: { params: DeliveryParams },
  responses: {
    200: postAnswer("The delivery after the attempt", DeliverySchema),
    ...problemResponses({ idempotent: true, codes: ["not_found"] }),
  },
});

export function webhookRoutes() {
  const router = createRouter();

  router.openapi(createWebhook, async (c) => {
    const hook = await c.get("services").webhooks.create(c.req.valid("json"), c.get("caller"));
    c.header("Location", `/v1/webhooks/${hook.id}`);
    return c.json({ ...presentWebhook(hook), secret: hook.secret }, 201);
  });

  router.openapi(listWebhooks, async (c) => {
    const hooks = await c.get("services").webhooks.list(c.get("caller"), c.req.valid("query").owner);
    return c.json({ data: hooks.map(presentWebhook) }, 200);
  });

  router.openapi(getWebhook, async (c) => {
    const hook = await c.get("services").webhooks.require(c.req.valid("param").id, c.get("caller"));
    return c.json(presentWebhook(hook), 200);
  });

  router.openapi(updateWebhook, async (c) => {
    const { webhooks } = c.get("services");
    const hook = await webhooks.update(c.req.valid("param").id, c.req.valid("json"), c.get("caller"));
    return c.json(presentWebhook(hook), 200);
  });

  router.openapi(deleteWebhook, async (c) => {
    await c.get("services").webhooks.delete(c.req.valid("param").id, c.get("caller"));
    return c.body(null, 204);
  });

  router.openapi(listDeliveries, async (c) => {
    const { webhooks } = c.get("services");
    const found = await webhooks.deliveries(c.req.valid("param").id, c.get("caller"), DELIVERIES_LISTED);
    return c.json({ data: found.map(presentDelivery) }, 200);
  });

  router.openapi(redeliver, async (c) => {
    const { id, delivery_id } = c.req.valid("param");
    const delivery = await c.get("services").webhooks.redeliver(id, delivery_id, c.get("caller"));
    return c.json(presentDelivery(delivery), 200);
  });

  return router;
}
