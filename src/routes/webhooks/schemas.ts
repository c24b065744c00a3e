/**
 * @module schemas
 * Webhooks as the routes take and answer them: the URL, the events, the secret (in the creating answer only), why
 * one was disabled, and each delivery with its attempts.
 */
import { z } from "@hono/zod-openapi";
import { WEBHOOK_EVENTS } from "../../domain/webhooks/webhook-events.js";
import { nullableIsoTime as iso } from "../shared/times.js";

const HOOK_ID_EXAMPLE = "whk_01JD5Z3Q8V6N2C4K7M9P0R1S2T";
const DELIVERY_ID_EXAMPLE = "dlv_01JD5Z3Q8V6N2C4K7M9P0R1S2T";

export const WebhookIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "id", in: "path" },
      description: "The webhook's id (`whk_…`)",
      example: HOOK_ID_EXAMPLE,
    }),
});

export const DeliveryParams = WebhookIdParam.extend({
  delivery_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "delivery_id", in: "path" },
      description: "The delivery's id, its `webhook-id` header",
      example: DELIVERY_ID_EXAMPLE,
    }),
});

const url = z.string().min(1).max(2_048).openapi({
  description: "Where the events are POSTed: http(s), not a private address",
  example: "https://hooks.example.com/caduceus",
});
const events = z
  .array(z.string().min(1).max(64))
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .openapi({
    description: `The events it is sent: ${WEBHOOK_EVENTS.join(", ")}`,
    example: ["run.completed", "run.requires_action"],
  });
const description = z
  .string()
  .max(500)
  .nullable()
  .optional()
  .openapi({ description: "What it is for", example: "Ops pager" });

export const CreateWebhookBody = z.object({ url, events, description }).strict().openapi("CreateWebhookBody");

export const UpdateWebhookBody = z
  .object({
    url: url.optional(),
    events: events.optional(),
    description,
    enabled: z
      .boolean()
      .optional()
      .openapi({ description: "true enables a disabled webhook again (clearing why)", example: true }),
  })
  .strict()
  .openapi("UpdateWebhookBody");

const webhookFields = {
  id: z.string().openapi({ description: "`whk_…`", example: HOOK_ID_EXAMPLE }),
  url: z
    .string()
    .openapi({ description: "Where the events are POSTed", example: "https://hooks.example.com/caduceus" }),
  events: z.array(z.string()).openapi({ description: "The events it is sent", example: ["run.completed"] }),
  description: z.string().nullable().openapi({ description: "What it is for", example: "Ops pager" }),
  enabled: z.boolean().openapi({ description: "Whether deliveries are made", example: true }),
  disabled_reason: z
    .string()
    .nullable()
    .openapi({ description: "Why it was disabled (its receiver kept failing)", example: null }),
  owner: z.string().nullable().openapi({ description: "Whose resources' events it is sent", example: "team-ops" }),
  created_at: z.string().openapi({ description: "ISO 8601", example: "2026-05-01T09:00:00.000Z" }),
  updated_at: z.string().openapi({ description: "ISO 8601", example: "2026-05-01T09:00:00.000Z" }),
};

export const WebhookSchema = z.object(webhookFields).openapi("Webhook");

export const CreatedWebhookSchema = z
  .object({
    ...webhookFields,
    secret: z.string().openapi({
      description: "The signing secret (Standard Webhooks, `whsec_…`); shown in this answer only",
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    }),
  })
  .openapi("CreatedWebhook");

export const WebhookList = z
  .object({ data: z.array(WebhookSchema).openapi({ description: "The webhooks, newest first" }) })
  .openapi("WebhookList");

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ description: "The `webhook-id` of every attempt", example: DELIVERY_ID_EXAMPLE }),
    event: z.string().openapi({ description: "The event type", example: "run.completed" }),
    status: z.enum(["pending", "delivered", "failed"]).openapi({
      description: "Waiting for an attempt, answered 2xx, or failed its last attempt",
      example: "delivered",
    }),
    attempts: z.number().int().openapi({ description: "Attempts made", example: 1 }),
    last_response_code: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The receiver's last HTTP status; null when it never answered", example: 200 }),
    last_error: z.string().nullable().openapi({ description: "Why the last attempt failed", example: null }),
    next_attempt_at: iso("When it is attempted next (ISO 8601); null once settled", null),
    created_at: z.string().openapi({ description: "ISO 8601", example: "2026-05-02T05:00:41.000Z" }),
    delivered_at: iso("When a receiver answered 2xx", "2026-05-02T05:00:41.200Z"),
    payload: z
      .record(z.string(), z.unknown())
      .openapi({ description: "The body sent: {type, timestamp, data}", example: { type: "run.completed" } }),
  })
  .openapi("WebhookDelivery");

export const DeliveryList = z
  .object({ data: z.array(DeliverySchema).openapi({ description: "The newest 100 deliveries, newest first" }) })
  .openapi("WebhookDeliveryList");
