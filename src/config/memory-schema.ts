/**
 * @module memory-schema
 * The `memory` section of the configuration: whether sessions carry the owner's memory (frozen into a new session's
 * system prompt, edited by the `memory` tool) and how many characters each store holds — the agent's notes
 * (`memory_chars`) and the user's profile (`user_chars`), Hermes's defaults. Part of the one schema (./schema.ts).
 */
import { z } from "zod";

export const memoryConfigSchema = z
  .object({
    /** Off: no memory block in system prompts and no `memory` tool (the REST routes and recall tools stay). */
    enabled: z.boolean().default(true),
    /** Characters the `memory` store holds, its entries joined by their delimiter. */
    memory_chars: z.number().int().min(100).max(100_000).default(2_200),
    /** Characters the `user` store holds. */
    user_chars: z.number().int().min(100).max(100_000).default(1_375),
  })
  .strict();

export type MemoryConfig = z.infer<typeof memoryConfigSchema>;
