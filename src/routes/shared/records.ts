/**
 * @module records
 * The stored things the services answer with, named as the presenters use them. Each is read off the signature of
 * the service that hands it out, so routes present what the domain gives them without importing the database layer.
 */
import type { Services } from "../../services.js";

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export type RunRecord = Answer<Services["runs"]["get"]>["run"];
export type RunStatus = RunRecord["status"];
export type RunCursor = NonNullable<Answer<Services["runs"]["page"]>["next"]>;
export type StoredMessage = Answer<Services["runs"]["messagesOf"]>[number];
export type StoredImage = Answer<Services["transcript"]["image"]>;
export type SessionRecord = Answer<Services["sessions"]["require"]>;
export type SessionSearchHit = Answer<Services["context"]["searchAll"]>[number];
export type ResponseRecord = Answer<Services["useCases"]["readResponse"]>["response"];
export type SessionUsage = NonNullable<ReturnType<Answer<Services["sessions"]["usageOf"]>["get"]>>;
export type ApiKeyRecord = Answer<Services["keys"]["require"]>;
export type AuditRecord = Answer<Services["audit"]["list"]>[number];
export type UsageReport = Answer<Services["usage"]["report"]>;
export type JobRecord = Answer<Services["jobs"]["require"]>;
export type WebhookRecord = Answer<Services["webhooks"]["require"]>;
export type DeliveryRecord = Answer<Services["webhooks"]["deliveries"]>[number];
