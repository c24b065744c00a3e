/**
 * @module cursor
 * Opaque pagination cursors: a value sent as base64url JSON in `next_cursor` and read back from `?cursor=`; a
 * cursor this server did not issue is a validation error.
 */
import { HttpError } from "./errors.js";

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

/** Decodes a cursor made by encodeCursor, rejecting anything else as a client error. */
export function decodeCursor<T>(cursor: string | undefined, isValid: (value: unknown) => value is T): T | null {
  if (cursor === undefined) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (isValid(value)) return value;
  } catch {
    /* fall through to the error below */
  }
  throw new HttpError("validation_failed", "the cursor is not one this server issued; pass next_cursor unchanged", {
    errors: [{ location: "query.cursor", message: "invalid cursor" }],
  });
}
