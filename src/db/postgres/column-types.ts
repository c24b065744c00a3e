/**
 * @module column-types
 * The PostgreSQL column types both schema modules (./schema.ts, ./access-schema.ts) build their tables from: times and
 * counts as `bigint` read as numbers, and text that PostgreSQL can hold whatever a client sent.
 */
import { bigint, customType } from "drizzle-orm/pg-core";

/** A `bigint` read as a number: an epoch-milliseconds time, or a count that may pass 2^31. */
export const int8 = (name: string) => bigint(name, { mode: "number" });

/**
 * Text as SQLite keeps it, but for NUL: PostgreSQL refuses the character in text, and a page (a dialog's message),
 * a model (its reasoning) or a client (a title) can send one. It is stored as U+FFFD, the replacement character,
 * instead of failing the write. Statements sent without drizzle's mapping (named ones) pass their text through it.
 */
export const storableText = (value: string): string => value.replaceAll("\u0000", "\uFFFD");

export const text = customType<{ data: string; driverData: string }>({
  dataType: () => "text",
  toDriver: storableText,
});
