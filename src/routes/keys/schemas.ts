/**
 * @module schemas
 * API keys as the admin routes take and answer them: a key's name, scopes, owner, expiry and limits — its secret
 * only in the answer that creates it — and the audit log's entries.
 */
import { z } from "@hono/zod-openapi";
import { SCOPES } from "../../domain/shared/scopes.js";
import { nullableIsoTime as iso } from "../shared/times.js";

const KEY_ID_EXAMPLE = "key_01JD5Z3Q8V6N2C4K7M9P0R1S2T";

export const KeyIdParam = z.object({
  key_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "key_id", in: "path" },
      description: "The key's id (`key_…`)",
      example: KEY_ID_EXAMPLE,
    }),
});

const limit = (what: string, example: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .optional()
    .openapi({ description: `${what}; unlimited when left out`, example });

export const KeyLimitsSchema = z
  .object({
    requests_per_minute: limit("Requests a minute (counted by each replica)", 600),
    concurrent_runs: limit("Runs running or waiting at once, on every replica", 2),
    tokens_per_day: limit("Input and output tokens of its model calls per UTC day, on every replica", 1_000_000),
  })
  .strict()
  .openapi("KeyLimits", { description: "What the key may use; past a limit it is answered 429" });

const scopeList = z
  .array(
    z
      .string()
      .min(1)
      .max(64)
      .openapi({ description: `One of ${SCOPES.join(", ")}`, example: "sessions:read" }),
  )
  .min(1)
  .max(SCOPES.length * 2)
  .openapi({
    description: `What the key may do: ${SCOPES.join(", ")} (admin holds every scope); an unknown one is refused`,
    example: ["sessions:read", "sessions:write"],
  });

const OWNER = z
  .string()
  .regex(/^[A-Za-z0-9._:@-]{1,128}$/, "1 to 128 letters, digits, . _ : @ or -")
  .openapi({
    description: "Whose resources the key makes and sees; the key's own id when left out",
    example: "team-support",
  });

export const CreateKeyBody = z
  .object({
    name: z.string().min(1).max(200).openapi({ description: "What the key is for", example: "support bot" }),
    scopes: scopeList,
    owner: OWNER.nullable().optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional().openapi({
      description: "When it stops working (ISO 8601); never when left out",
      example: "2027-01-01T00:00:00.000Z",
    }),
    limits: z
      .union([KeyLimitsSchema, z.null()])
      .optional()
      .openapi({ description: "What the key may use; none when left out" }),
  })
  .strict()
  .openapi("CreateKeyRequest");

const limitChange = (what: string, example: number | null) =>
  z
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .nullable()
    .optional()
    .openapi({ description: `A new ${what}; null removes the limit, left out keeps it`, example });

/** A key's changes as PATCH takes them: each field present changes one thing, the others stay as they are. */
export const UpdateKeyBody = z
  .object({
    name: z.string().min(1).max(200).optional().openapi({ description: "A new name", example: "support bot (EU)" }),
    scopes: scopeList.optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional().openapi({
      description: "A new expiry (ISO 8601); null: never",
      example: "2027-06-01T00:00:00Z",
    }),
    limits: z
      .object({
        requests_per_minute: limitChange("limit of requests a minute", 300),
        concurrent_runs: limitChange("limit of runs at once", null),
        tokens_per_day: limitChange("limit of tokens per UTC day", 500_000),
      })
      .strict()
      .optional()
      .openapi({ description: "The limits to change; those left out stay as they are" }),
  })
  .strict()
  .openapi("UpdateKeyRequest");

export const ApiKeySchema = z
  .object({
    object: z.literal("api_key").openapi({ description: "Always api_key", example: "api_key" }),
    id: z.string().openapi({ description: "The key's id", example: KEY_ID_EXAMPLE }),
    name: z.string().openapi({ description: "What the key is for", example: "support bot" }),
    start: z
      .string()
      .openapi({ description: "The secret's first characters, to tell keys apart", example: "cad_Xk3q" }),
    owner: z.string().openapi({ description: "Whose resources it makes and sees", example: "team-support" }),
    scopes: z.array(z.string()).openapi({ description: "What it may do", example: ["sessions:read"] }),
    limits: KeyLimitsSchema,
    created_at: z.string().openapi({ description: "When it was made (ISO 8601)", example: "2026-12-01T10:00:00.000Z" }),
    expires_at: iso("When it stops working; null: never", "2027-01-01T00:00:00.000Z"),
    last_used_at: iso("When a request last showed it (to the minute); null: never", null),
    revoked_at: iso("When it was revoked; null while it works", null),
    created_by: z
      .string()
      .nullable()
      .openapi({ description: "The key that made it; null for the server key and the command line", example: null }),
  })
  .openapi("ApiKey", { description: "An API key; its secret is never shown again after it is made" });

export const CreatedKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({
    description: "The secret: send it as `Authorization: Bearer <key>`. Shown in this answer only; store it now",
    example: "cad_Xk3qN0v7p2Lr9sT4wYb1cD6eF8gH5jKm",
  }),
}).openapi("CreatedApiKey", { description: "A new API key with its secret, shown once" });

export const ApiKeyListSchema = z
  .object({ data: z.array(ApiKeySchema).openapi({ description: "Newest first" }) })
  .openapi("ApiKeyList");

export const KeyListQuery = z.object({
  owner: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      param: { name: "owner", in: "query" },
      description: "Only this owner's keys",
      example: "team-support",
    }),
  include_revoked: z
    .enum(["true", "false"])
    .optional()
    .openapi({
      param: { name: "include_revoked", in: "query" },
      description: "List revoked keys too",
      example: "false",
    }),
});

export const CurrentKeySchema = z
  .object({
    object: z.literal("api_key.caller").openapi({ description: "Always api_key.caller", example: "api_key.caller" }),
    key: z.union([ApiKeySchema, z.null()]).openapi({
      description: "The API key this request was made with; null for the server key (or a server without keys)",
    }),
    owner: z.string().nullable().openapi({
      description: "Whose resources the request makes and sees; null: the server key's",
      example: "team-support",
    }),
    admin: z.boolean().openapi({ description: "Sees every owner's resources and holds every scope", example: false }),
    scopes: z.array(z.string()).openapi({ description: "The scopes it holds", example: ["sessions:read"] }),
  })
  .openapi("CurrentKey", { description: "Who a request acts as" });

/** POST /v1/admin/keys. */
export type CreateKeyResponse = z.infer<typeof CreatedKeySchema>;
/** GET, PATCH /v1/admin/keys/{key_id}. */
export type ApiKeyResponse = z.infer<typeof ApiKeySchema>;
/** GET /v1/admin/keys. */
export type ListKeysResponse = z.infer<typeof ApiKeyListSchema>;
/** GET /v1/key. */
export type CurrentKeyResponse = z.infer<typeof CurrentKeySchema>;
