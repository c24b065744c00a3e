import { z } from "@hono/zod-openapi";
import { browserConfigSchema, compressionConfigSchema } from "../../config.js";

/**
 * The same fields as a config section, each optional and without its default: a session stores only
 * what the client set, so later changes of the server defaults still reach it and a PATCH of one
 * field keeps the others.
 */
function overridesOf<T extends z.ZodRawShape>(section: z.ZodObject<T>): z.ZodType<Partial<z.output<z.ZodObject<T>>>> {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [key, field] of Object.entries(section.shape) as Array<[string, z.ZodTypeAny]>) {
    const bare = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodTypeAny) : field;
    shape[key] = bare.meta(field.meta() ?? {}).optional();
  }
  return z.object(shape).strict() as unknown as z.ZodType<Partial<z.output<z.ZodObject<T>>>>;
}

const CompressionOverrides = overridesOf(compressionConfigSchema).openapi("CompressionSettings", {
    description: "Context compression settings (SPEC §5); any field left out keeps the server default",
    example: { threshold: 0.5, tail_mode: "lean", protect_last_n: 20 },
  });

const BrowserOverrides = overridesOf(browserConfigSchema).openapi("BrowserSettings", {
    description: "Browser supervisor settings (SPEC §6); any field left out keeps the server default",
    example: { dialog_policy: "must_respond", dialog_timeout_s: 300 },
  });

export const SessionConfigInput = z
  .object({
    compression: CompressionOverrides.optional(),
    browser: BrowserOverrides.optional(),
    engine: z.string().min(1).max(64).optional().openapi({ description: "Context engine name", example: "compressor" }),
  })
  .strict()
  .openapi("SessionConfigInput", { description: "Per-session overrides of the server defaults" });

export const CreateSessionBody = z
  .object({
    title: z.string().max(500).nullable().optional().openapi({ description: "A label for the session", example: "Release checklist" }),
    model: z.string().min(1).max(200).nullable().optional().openapi({ description: "Model name; defaults to model.name", example: "gpt-4o" }),
    system_prompt: z
      .string()
      .max(200_000)
      .nullable()
      .optional()
      .openapi({ description: "System prompt, fixed for the whole session", example: "You are a careful release engineer." }),
    config: SessionConfigInput.optional(),
  })
  .strict()
  .openapi("CreateSession");

export const UpdateSessionBody = CreateSessionBody.openapi("UpdateSession", {
  description: "Fields to change; omitted fields stay as they are",
});

// Rebuilt from the fields with this module's `z`: config.ts uses plain zod and may be loaded before
// the OpenAPI extension, so its own objects cannot be relied on to have `.openapi()`.
const ResolvedCompression = z.object(compressionConfigSchema.shape).strict().openapi("ResolvedCompressionSettings", {
  description: "Compression settings in force for the session",
});
const ResolvedBrowser = z.object(browserConfigSchema.shape).strict().openapi("ResolvedBrowserSettings", {
  description: "Browser settings in force for the session",
});

export const SessionSchema = z
  .object({
    id: z.string().openapi({ description: "Session id", example: "ses_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    title: z.string().nullable().openapi({ description: "Label", example: "Release checklist" }),
    model: z.string().nullable().openapi({ description: "Model the session runs with", example: "gpt-4o" }),
    system_prompt: z.string().nullable().openapi({ description: "System prompt", example: "You are a careful release engineer." }),
    created_at: z.string().openapi({ description: "Creation time (ISO 8601)", example: "2026-11-30T07:00:00.000Z" }),
    updated_at: z.string().openapi({ description: "Last change (ISO 8601)", example: "2026-11-30T07:05:00.000Z" }),
    config: z
      .object({
        compression: ResolvedCompression,
        browser: ResolvedBrowser,
        engine: z.string().openapi({ description: "Active context engine", example: "compressor" }),
      })
      .openapi({ description: "Settings in force: server defaults overlaid with the session's overrides" }),
    stats: z
      .object({
        message_count: z.number().int().openapi({ description: "Rows in the transcript", example: 42 }),
        context_tokens: z.number().int().openapi({ description: "Tokens of the active context, system prompt included", example: 18250 }),
        threshold_tokens: z.number().int().openapi({ description: "Tokens at which compression starts", example: 96000 }),
        context_length: z.number().int().openapi({ description: "The model's context window", example: 128000 }),
        usage_percent: z.number().openapi({ description: "context_tokens as a percentage of context_length", example: 14.26 }),
        compression_count: z.number().int().openapi({ description: "Compressions so far", example: 0 }),
        last_prompt_tokens: z.number().int().openapi({ description: "Prompt tokens the model reported last", example: 0 }),
      })
      .openapi({ description: "Token statistics" }),
    browser: z
      .object({
        active: z.boolean().openapi({ description: "Whether a browser supervisor runs for the session", example: false }),
        url: z.string().nullable().openapi({ description: "Current (or last) page URL", example: null }),
      })
      .openapi({ description: "Browser state" }),
  })
  .openapi("Session");
