/**
 * @module schemas
 * The private values of a session as the API takes and shows them: the value (taken, never shown back whole) and the
 * origins it may still go to once the session has read untrusted content.
 */
import { z } from "@hono/zod-openapi";
import { TRUSTED_ORIGIN_PATTERN } from "../../config/guard-schema.js";
import { SessionIdParam } from "../shared/params.js";
import { PRIVATE_VALUE_MIN_CHARS } from "../../domain/guard/private-values.js";

const MAX_VALUE_CHARS = 4_096;
const MAX_ORIGINS = 50;

export const PrivateValueBody = z
  .object({
    value: z
      .string()
      .max(MAX_VALUE_CHARS)
      .refine((value) => value.trim().length >= PRIVATE_VALUE_MIN_CHARS, {
        message: `at least ${PRIVATE_VALUE_MIN_CHARS} characters besides spaces`,
      })
      .openapi({
        description: "The value to keep private (a password, a token, an account number); at least 6 characters",
        example: "correct-horse-battery-staple",
      }),
    origins: z
      .array(
        z.string().max(300).regex(TRUSTED_ORIGIN_PATTERN, "an origin (https://host[:port]), a host[:port], or *.host"),
      )
      .max(MAX_ORIGINS)
      .optional()
      .openapi({
        description:
          "Where the value may still go after untrusted content was read (the site it belongs to); none: nowhere",
        example: ["https://bank.example.com"],
      }),
  })
  .strict()
  .openapi("PrivateValueInput");

export const PrivateValueSchema = z
  .object({
    id: z.string().openapi({ description: "Private value id", example: "prv_01JD5Z3Q8V6N2C4K7M9P0R1S2T" }),
    masked: z.string().openapi({ description: "The value masked (never shown whole)", example: "correc…aple" }),
    origins: z
      .array(z.string())
      .openapi({ description: "Where it may still go", example: ["https://bank.example.com"] }),
    source: z.enum(["user", "typed"]).openapi({
      description: "user: marked here; typed: the agent typed it into a password field (bound to that page's origin)",
      example: "user",
    }),
    created_at: z.string().openapi({ description: "When (ISO 8601)", example: "2026-12-01T10:00:00.000Z" }),
  })
  .openapi("PrivateValue", {
    description: "A value the guard never lets leave for another origin once the session has read untrusted content",
  });

export const PrivateValueList = z
  .object({ data: z.array(PrivateValueSchema).openapi({ description: "The session's private values, oldest first" }) })
  .openapi("PrivateValueList");

export const PrivateValueParams = SessionIdParam.extend({
  value_id: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "value_id", in: "path" },
      description: "Private value id",
      example: "prv_01JD5Z3Q8V6N2C4K7M9P0R1S2T",
    }),
});

export type PrivateValueResponse = z.infer<typeof PrivateValueSchema>;
export type PrivateValueListResponse = z.infer<typeof PrivateValueList>;
