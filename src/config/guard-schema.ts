/**
 * @module guard-schema
 * The `agent.guard` section of the configuration (its defaults live here, and ./schema.ts builds the section in):
 * what the prompt-injection guard does when an action follows untrusted content — hold it for a person (`ask`),
 * refuse it (`block`), or nothing (`off`, operator only) — and the origins the operator trusts besides the ones the
 * user and the system prompt name. How an origin entry is written is checked here, and read by the guard.
 */
import { z } from "zod";

/** What the guard does with a risky action that follows untrusted content. */
export const guardModeSchema = z.enum(["ask", "block", "off"]);
export type GuardMode = z.infer<typeof guardModeSchema>;

const MAX_TRUSTED_ORIGINS = 200;
const MAX_ORIGIN_CHARS = 300;

/**
 * A trusted-origin entry: an origin (`https://docs.example.com`, `http://localhost:3000`), a host with an optional port
 * (`example.com`, `localhost:3000`: http and https alike), or a host's subdomains (`*.example.com`). Any case, spelled
 * out in the classes rather than with a flag: the pattern is also the OpenAPI document's, where flags do not exist.
 */
export const TRUSTED_ORIGIN_PATTERN =
  /^(?:([hH][tT][tT][pP][sS]?):\/\/)?(\*\.)?((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?\/?$/;

export const guardConfigSchema = z
  .object({
    mode: guardModeSchema.default("ask").meta({
      description:
        "What happens to a risky action (a navigation to an origin nobody named, typing a password, raw CDP, an MCP " +
        "tool that writes…) once the run has read untrusted content: ask (hold it for a person, an interrupt of kind " +
        "guard), block (refuse it at once and tell the model why; for unattended runs) or off (server config only)",
      example: "ask",
    }),
    trusted_origins: z
      .array(
        z
          .string()
          .max(MAX_ORIGIN_CHARS)
          .regex(TRUSTED_ORIGIN_PATTERN, "an origin (https://host[:port]), a host[:port], or *.host"),
      )
      .max(MAX_TRUSTED_ORIGINS)
      .default([])
      .meta({
        description:
          "Origins the agent may reach after reading untrusted content without asking, besides those the user's and " +
          "the system prompt's own words name and the current page's (server config only)",
        example: ["https://docs.example.com", "*.example.org", "localhost:3000"],
      }),
  })
  .strict();
export type GuardConfig = z.infer<typeof guardConfigSchema>;
