/**
 * @module schemas
 * The wire shapes of the owner's memory: both stores with their entries and figures, one entry, and the bodies that
 * add or change one.
 */
import { z } from "@hono/zod-openapi";

export const MemoryStoreParam = z.object({
  store: z.enum(["memory", "user"]).openapi({
    param: { name: "store", in: "path" },
    description: "`memory` (the agent's notes) or `user` (the user's profile)",
    example: "user",
  }),
});

export const MemoryEntryParams = MemoryStoreParam.extend({
  memory_entry_id: z
    .string()
    .min(1)
    .max(200)
    .openapi({
      param: { name: "memory_entry_id", in: "path" },
      description: "The entry's id",
      example: "mem_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
});

export const MemoryEntrySchema = z
  .object({
    id: z.string().openapi({ description: "Entry id", example: "mem_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    store: z.enum(["memory", "user"]).openapi({ description: "The store it is in", example: "user" }),
    content: z
      .string()
      .openapi({ description: "The entry, secrets masked", example: "Prefers short answers with the command first" }),
    source: z
      .enum(["api", "agent"])
      .openapi({ description: "Who wrote it: a client (api) or the agent's memory tool", example: "api" }),
    session_id: z
      .string()
      .nullable()
      .openapi({ description: "The session whose run wrote it (agent entries)", example: null }),
    provenance: z.array(z.string()).openapi({
      description: "Untrusted sources the session had read when the agent wrote it (`page:https://…`); empty otherwise",
      example: [],
    }),
    created_at: z
      .string()
      .openapi({ description: "When it was written (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
    updated_at: z
      .string()
      .openapi({ description: "When it last changed (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
  })
  .openapi("MemoryEntry");

const MemoryStoreSchema = z
  .object({
    entries: z.array(MemoryEntrySchema).openapi({ description: "Entries, oldest first" }),
    used: z
      .number()
      .int()
      .openapi({ description: "Characters used (entries joined by their delimiter)", example: 412 }),
    limit: z.number().int().openapi({ description: "Characters the store holds", example: 1375 }),
  })
  .openapi("MemoryStore");

export const MemorySchema = z
  .object({
    memory: MemoryStoreSchema.openapi({ description: "The agent's notes" }),
    user: MemoryStoreSchema.openapi({ description: "The user's profile" }),
  })
  .openapi("Memory");

export const MemoryEntryBody = z
  .object({
    content: z.string().min(1).max(100_000).openapi({
      description: "The entry; secrets are masked before it is stored",
      example: "Prefers short answers with the command first",
    }),
  })
  .strict()
  .openapi("MemoryEntryRequest");

/** GET /v1/memory. */
export type GetMemoryResponse = z.infer<typeof MemorySchema>;
/** POST /v1/memory/{store}/entries and PATCH /v1/memory/{store}/entries/{memory_entry_id}. */
export type MemoryEntryResponse = z.infer<typeof MemoryEntrySchema>;
