/**
 * @module payload-docs
 * The webhook deliveries as the OpenAPI 3.1 document's `webhooks` describe them: one entry per event, each a POST
 * of `{type, timestamp, data}` with Standard Webhooks' three headers, acknowledged by any 2xx.
 */
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { WebhookEvent } from "../../domain/webhooks/webhook-events.js";
import { PendingDialogSchema } from "../browser/schemas.js";
import { RunSchema } from "../messages/schemas.js";
import { GuardDecisionSchema } from "../shared/provenance-schemas.js";
import { InterruptSchema } from "../shared/run-schemas.js";

const SESSION_ID = z.string().openapi({ description: "The session", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" });
const JOB_ID = z
  .string()
  .nullable()
  .openapi({ description: "The job whose firing made the run; null for other runs", example: "a1b2c3d4e5f6" });
const INSPECTOR_URL = z.string().nullable().openapi({
  description: "The session in the inspector, where a person answers (from server.public_url; null without it)",
  example: "https://agents.example.com/ui/sessions/ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
});
const sessionFields = { session_id: SESSION_ID, job_id: JOB_ID, inspector_url: INSPECTOR_URL };

const DATA: Record<WebhookEvent, { summary: string; data: z.ZodType }> = {
  "run.completed": { summary: "A run completed", data: z.object({ ...sessionFields, run: RunSchema }) },
  "run.failed": { summary: "A run failed", data: z.object({ ...sessionFields, run: RunSchema }) },
  "run.cancelled": { summary: "A run was cancelled", data: z.object({ ...sessionFields, run: RunSchema }) },
  "run.requires_action": {
    summary: "A run paused: it waits for a person to answer its interrupts",
    data: z.object({
      ...sessionFields,
      run: RunSchema,
      interrupts: z.array(InterruptSchema).openapi({ description: "What it waits on" }),
    }),
  },
  "dialog.pending": {
    summary: "A page's JS dialog waits for an answer",
    data: z.object({ ...sessionFields, dialog: PendingDialogSchema }),
  },
  "browser.takeover_needed": {
    summary: "The guard held a browser action (a login, a form) for a person",
    data: z.object({ ...sessionFields, hold: GuardDecisionSchema }),
  },
  "job.failed": {
    summary: "A job's firing could not start its run, or its run failed",
    data: z.object({
      job_id: z.string().openapi({ description: "The job", example: "a1b2c3d4e5f6" }),
      job_name: z.string().openapi({ description: "Its name", example: "Morning dashboard check" }),
      run_id: z
        .string()
        .nullable()
        .openapi({ description: "The run that failed; null when none started", example: null }),
      error: z.string().openapi({ description: "Why", example: "no model is configured" }),
    }),
  },
};

const HEADERS = z.object({
  "webhook-id": z.string().openapi({
    param: { name: "webhook-id", in: "header" },
    description: "The delivery's id, the same on every attempt: deduplicate on it",
    example: "dlv_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
  }),
  "webhook-timestamp": z.string().openapi({
    param: { name: "webhook-timestamp", in: "header" },
    description: "Seconds since the epoch when the attempt was signed",
    example: "1767225600",
  }),
  "webhook-signature": z.string().openapi({
    param: { name: "webhook-signature", in: "header" },
    description: "`v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the webhook's secret (Standard Webhooks)",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

export function registerWebhookPayloads(app: OpenAPIHono<never>["openAPIRegistry"]): void {
  for (const [type, { summary, data }] of Object.entries(DATA)) {
    const body = z
      .object({
        type: z.literal(type).openapi({ description: "The event", example: type }),
        timestamp: z
          .string()
          .openapi({ description: "When it happened (ISO 8601)", example: "2026-05-02T05:00:41.000Z" }),
        data: data.openapi({ description: "What happened: the event's own fields" }),
      })
      .openapi(`Webhook_${type.replace(/\W/g, "_")}`);
    app.registerWebhook({
      method: "post",
      path: type,
      operationId: `webhook_${type.replace(/\W/g, "_")}`,
      tags: ["webhooks"],
      summary,
      request: { headers: HEADERS, body: { required: true, content: { "application/json": { schema: body } } } },
      responses: { 200: { description: "Any 2xx acknowledges it; anything else (or no answer) is retried" } },
    });
  }
}
