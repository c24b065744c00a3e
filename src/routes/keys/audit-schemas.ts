/**
 * @module audit-schemas
 * The audit log as GET /v1/admin/audit takes and answers it: filters by key, action and time, and entries saying who
 * did what to which resource, with the status it was answered with.
 */
import { z } from "@hono/zod-openapi";
import { AUDIT_ACTIONS } from "../../domain/audit/audit-log.js";
import { PageQuery } from "../shared/pagination.js";

const TIME = z.iso.datetime({ offset: true }).or(z.iso.date());

export const AuditQuery = PageQuery.extend({
  key_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({
      param: { name: "key_id", in: "query" },
      description: "Only what this key did",
      example: "key_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
  action: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({
      param: { name: "action", in: "query" },
      description: `Only this action: ${AUDIT_ACTIONS.join(", ")} (others may record their own)`,
      example: "auth.denied",
    }),
  from: TIME.optional().openapi({
    param: { name: "from", in: "query" },
    description: "Only entries at or after this time (ISO 8601 date or date-time)",
    example: "2026-12-01T00:00:00Z",
  }),
  to: TIME.optional().openapi({
    param: { name: "to", in: "query" },
    description: "Only entries before this time (ISO 8601 date or date-time)",
    example: "2026-12-02T00:00:00Z",
  }),
});

export const AuditEntrySchema = z
  .object({
    id: z
      .string()
      .openapi({ description: "The entry's id; ids sort by time", example: "aud_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    created_at: z.string().openapi({ description: "When (ISO 8601)", example: "2026-12-01T10:00:00.000Z" }),
    action: z.string().openapi({ description: "What was done", example: "session.delete" }),
    key_id: z
      .string()
      .nullable()
      .openapi({ description: "The API key; null for the server key or the command line", example: null }),
    owner: z.string().nullable().openapi({ description: "The key's owner; null for the server key", example: null }),
    resource: z
      .object({
        type: z.string().openapi({ description: "The kind of resource", example: "session" }),
        id: z.string().openapi({ description: "Its id", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
      })
      .nullable()
      .openapi({
        description: "What it was done to, when it names one",
        example: { type: "session", id: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" },
      }),
    status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The HTTP status it was answered with; null from the command line", example: 204 }),
    request_id: z
      .string()
      .nullable()
      .openapi({ description: "The request's X-Request-Id", example: "req_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    detail: z
      .record(z.string(), z.unknown())
      .openapi({ description: "What else is worth knowing (never a secret)", example: { operation: "deleteSession" } }),
  })
  .openapi("AuditEntry", { description: "Who did what to which resource, and how it was answered" });

export const AuditPageSchema = z
  .object({
    data: z.array(AuditEntrySchema).openapi({ description: "Newest first" }),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Cursor of the next (older) page, null on the last page", example: null }),
  })
  .openapi("AuditPage");

/** GET /v1/admin/audit. */
export type AuditPageResponse = z.infer<typeof AuditPageSchema>;
