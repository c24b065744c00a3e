/**
 * @module key-secrets
 * An API key's secret: `cad_` and 32 base64url characters (192 random bits), recognisable by its prefix (the log
 * redaction masks it). Only its SHA-256 is stored — a fast hash is right for a random secret of this length, which no
 * dictionary holds — and its first characters, shown so a person can tell keys apart.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const KEY_PREFIX = "cad_";
/** 24 bytes: 192 bits of randomness, 32 base64url characters. */
const SECRET_BYTES = 24;
/** What a list shows of a key: its prefix and four characters of its secret. */
const START_CHARS = KEY_PREFIX.length + 4;

export function newKeySecret(): string {
  return `${KEY_PREFIX}${randomBytes(SECRET_BYTES).toString("base64url")}`;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function startOf(secret: string): string {
  return secret.slice(0, START_CHARS);
}

/** Whether a stored hash is the given secret's, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
