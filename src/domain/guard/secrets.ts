/**
 * @module secrets
 * The secrets a session's conversation holds, each bound to the origins it may go to, and whether an outgoing value
 * (a URL, typed text, a tool's arguments) carries one. A secret is what the redactor recognises in the user's and the
 * system prompt's words (bound to the origins the same message names: "log in to example.com with password: …"), a
 * value the user marked private (bound to the origins given with it), or what the agent typed into a password field
 * (bound to that page's origin). Found as written, URL-encoded, or in base64.
 */
import type { PrivateValueRecord } from "../../db/records.js";
import { secretsIn } from "../../kernel/redaction.js";
import { namedOrigins, parseOriginEntry, refMatches, type OriginRef } from "../shared/origins.js";

export type KnownSecret = {
  value: string;
  /** Where it may go; empty: nowhere, once the run has read untrusted content. */
  origins: OriginRef[];
  from: "conversation" | "private" | "typed";
};

/** The secrets in the user's and the system prompt's words, each bound to the origins its own message names. */
export function conversationSecrets(words: readonly string[]): KnownSecret[] {
  return words.flatMap((text) => {
    const values = secretsIn(text);
    if (values.length === 0) return [];
    const origins = namedOrigins(text);
    return values.map((value): KnownSecret => ({ value, origins, from: "conversation" }));
  });
}

/** The session's private values, each bound to its own origins. */
export function privateSecrets(records: readonly PrivateValueRecord[]): KnownSecret[] {
  return records.map((record) => ({
    value: record.value,
    origins: record.origins.flatMap((origin) => parseOriginEntry(origin) ?? []),
    from: record.source === "typed" ? "typed" : "private",
  }));
}

/** The spellings of a secret an outgoing value may carry it in. */
function spellings(value: string): string[] {
  const bytes = Buffer.from(value, "utf8");
  return [value, encodeURIComponent(value), bytes.toString("base64").replace(/=+$/, ""), bytes.toString("base64url")];
}

/** `text` and, when it holds %-escapes, its decoded form. */
function readings(text: string): string[] {
  if (!text.includes("%")) return [text];
  try {
    return [text, decodeURIComponent(text)];
  } catch {
    return [text];
  }
}

/** The first secret the outgoing text carries, in any of its spellings; null when it carries none. */
export function carriedSecret(text: string, secrets: readonly KnownSecret[]): KnownSecret | null {
  if (!text) return null;
  const texts = readings(text);
  return (
    secrets.find((secret) =>
      spellings(secret.value).some((spelling) => texts.some((reading) => reading.includes(spelling))),
    ) ?? null
  );
}

/** Whether the secret may go to `destination` (a URL): only to an origin it is bound to. */
export function mayGoTo(secret: KnownSecret, destination: URL | null): boolean {
  return destination !== null && secret.origins.some((ref) => refMatches(ref, destination));
}
