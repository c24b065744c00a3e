/**
 * @module webhook-events
 * The events a webhook can be sent, and the body each delivery carries: `{type, timestamp, data}` (Standard
 * Webhooks' convention).
 */

export const WEBHOOK_EVENTS = [
  "run.completed",
  "run.failed",
  "run.cancelled",
  "run.requires_action",
  "dialog.pending",
  "job.failed",
  "browser.takeover_needed",
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(name: string): name is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(name);
}

/** What a delivery's body holds. */
export type WebhookPayload = { type: WebhookEvent; timestamp: string; data: Record<string, unknown> };
