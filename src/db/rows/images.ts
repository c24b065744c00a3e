/**
 * @module images
 * The `message_images` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the columns of a record (every one but the bytes), the record of a row, a new image's values.
 */
import { and, eq, inArray, type AnyColumn, type SQL } from "drizzle-orm";
import type { messageImages } from "../schema.js";
import type { ImageRecord, NewImage } from "../records.js";

type Insert = typeof messageImages.$inferInsert;

/** Every column but the bytes: what the active context needs to decide which images to send. */
const RECORD_COLUMNS = [
  "id",
  "sessionId",
  "seq",
  "ordinal",
  "mimeType",
  "byteLength",
  "width",
  "height",
  "createdAt",
] as const;
type RecordColumn = (typeof RECORD_COLUMNS)[number];

/** Those columns of either dialect's table, to select them by. */
export function imageRecordColumns<T extends Record<RecordColumn, unknown>>(table: T): Pick<T, RecordColumn> {
  return Object.fromEntries(RECORD_COLUMNS.map((name) => [name, table[name]])) as Pick<T, RecordColumn>;
}

type RecordRow = {
  id: string;
  sessionId: string;
  seq: number;
  ordinal: number;
  mimeType: ImageRecord["mime_type"];
  byteLength: number;
  width: number | null;
  height: number | null;
  createdAt: number;
};

/** The record of a row. */
export function imageRecordOf(row: RecordRow): ImageRecord {
  return {
    id: row.id,
    session_id: row.sessionId,
    seq: row.seq,
    ordinal: row.ordinal,
    mime_type: row.mimeType,
    byte_length: row.byteLength,
    width: row.width,
    height: row.height,
    created_at: row.createdAt,
  };
}

/** One image of the tool row at `seq`, with its bytes. */
export function imageInsertValues(sessionId: string, seq: number, image: NewImage, now: number): Insert {
  return {
    sessionId,
    id: image.id,
    seq,
    ordinal: image.ordinal,
    mimeType: image.mime_type,
    bytes: image.bytes,
    byteLength: image.bytes.length,
    width: image.width,
    height: image.height,
    createdAt: now,
  };
}

/** Those of `ids` that are images of the session. */
export function imagesOfSession(
  table: { sessionId: AnyColumn; id: AnyColumn },
  sessionId: string,
  ids: readonly string[],
): SQL | undefined {
  return and(eq(table.sessionId, sessionId), inArray(table.id, [...ids]));
}
