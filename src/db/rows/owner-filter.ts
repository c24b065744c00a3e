/**
 * @module owner-filter
 * The condition an owner filter puts on a table's `owner` column, the same in either dialect: one owner's rows
 * (`owner is null` for the server key's own), or none for every owner's.
 */
import { eq, isNull, type AnyColumn, type SQL } from "drizzle-orm";
import type { OwnerFilter } from "../records.js";

/** The rows of the filter's owner; undefined (no condition) for every owner's. */
export function ownedBy(column: AnyColumn, filter: OwnerFilter | undefined): SQL | undefined {
  if (!filter) return undefined;
  return filter.owner === null ? isNull(column) : eq(column, filter.owner);
}
