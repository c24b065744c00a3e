/**
 * @module tool-args
 * A tool's arguments as one zod object: the JSON Schema the model is sent is derived from it (`z.toJSONSchema`), and a
 * call's arguments are parsed by it, so what the model is told and what is accepted cannot drift apart. A `null`
 * counts as an argument left out (models send `null` for optional fields they do not use).
 */
import { z } from "zod";
import { DomainError } from "../../kernel/errors.js";
import type { JsonSchema } from "./tools.js";

export type ToolArgs = z.ZodObject;

/** The JSON Schema of a tool's arguments, as the model is sent it: the parsed shape, unknown keys not allowed. */
export function toolParameters(args: ToolArgs): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(args, { io: "output" }) as JsonSchema & { $schema?: string };
  return schema;
}

/** A call's arguments parsed, or a `validation_failed` error naming each argument that is wrong and why. */
export function parseToolArgs<S extends ToolArgs>(args: S, raw: Record<string, unknown>): z.output<S> {
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null));
  const parsed = args.safeParse(given);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    location: issue.path.length ? issue.path.join(".") : "(arguments)",
    message:
      issue.code === "invalid_type" && issue.path.length === 1 && !(String(issue.path[0]) in given)
        ? "is required"
        : issue.message,
  }));
  throw new DomainError(
    "validation_failed",
    `invalid arguments: ${errors.map((error) => `"${error.location}" ${error.message}`).join("; ")}`,
    { details: { errors } },
  );
}
