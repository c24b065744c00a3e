/**
 * @module hermes-inputs
 * What the Hermes run routes read from a body, as Hermes reads it: an approval's choice (with its aliases) and a
 * steering message's text.
 */
import { HttpError } from "../../http/errors.js";

const APPROVAL_CHOICES = ["once", "session", "always", "deny"] as const;
type ApprovalChoice = (typeof APPROVAL_CHOICES)[number];
const CHOICE_ALIASES: Record<string, ApprovalChoice> = { approve: "once", approved: "once", allow: "once" };

export function normaliseChoice(raw: string): ApprovalChoice {
  const choice = raw.trim().toLowerCase();
  const known = CHOICE_ALIASES[choice] ?? APPROVAL_CHOICES.find((c) => c === choice);
  if (known) return known;
  throw new HttpError(
    "invalid_approval_choice",
    `Invalid approval choice; expected one of: ${[...APPROVAL_CHOICES].sort().join(", ")}`,
    { errors: [{ location: "body.choice", message: "once, session, always or deny" }] },
  );
}

/** A steering message's text: a string, or the text parts of content parts, trimmed. */
export function steerText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (Array.isArray(value))
    return value
      .map((part) => (typeof part === "object" && part !== null ? (part as { text?: unknown }).text : null))
      .filter((text): text is string => typeof text === "string")
      .join("")
      .trim();
  return "";
}
