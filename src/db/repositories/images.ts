/**
 * @module images
 * The `message_images` table: the images tools returned, written once with the tool row that references them, read
 * by session and id (the bytes only when asked for), so one session never reads another's.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { messageImages } from "../schema.js";
import type { ImageRecord, NewImage, StoredImage } from "../records.js";

/** Every column but the bytes: what the active context needs to decide which images to send. */
const recordColumns = {
  id: messageImages.id,
  sessionId: messageImages.sessionId,
  seq: messageImages.seq,
  ordinal: messageImages.ordinal,
  mimeType: messageImages.mimeType,
  byteLength: messageImages.byteLength,
  width: messageImages.width,
  height: messageImages.height,
  createdAt: messageImages.createdAt,
};

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

/** The record of a row; the PostgreSQL repository reads its rows (the same columns) with it too. */
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

/** Ids looked up per statement: far under SQLite's limit on bound parameters. */
const IDS_PER_LOOKUP = 500;

export class ImageRepository {
  private readonly getWithBytes;

  constructor(private readonly db: Db) {
    this.getWithBytes = db
      .select({ ...recordColumns, bytes: messageImages.bytes })
      .from(messageImages)
      .where(
        and(eq(messageImages.sessionId, sql.placeholder("sessionId")), eq(messageImages.id, sql.placeholder("id"))),
      )
      .prepare();
  }

  /** Stores the images of the tool row at `seq`. Callers write them in the transaction that stores the row. */
  insert(sessionId: string, seq: number, images: NewImage[], now: number): ImageRecord[] {
    if (images.length === 0) return [];
    return this.db
      .insert(messageImages)
      .values(
        images.map((image) => ({
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
        })),
      )
      .returning(recordColumns)
      .all()
      .map(imageRecordOf);
  }

  /** One image of the session with its bytes, or null (also for another session's image). */
  get(sessionId: string, id: string): StoredImage | null {
    const row = this.getWithBytes.get({ sessionId, id });
    return row ? { ...imageRecordOf(row), bytes: row.bytes } : null;
  }

  /** The records (no bytes) of those of `ids` that are images of the session, by id. */
  describe(sessionId: string, ids: readonly string[]): Map<string, ImageRecord> {
    const found = new Map<string, ImageRecord>();
    for (let start = 0; start < ids.length; start += IDS_PER_LOOKUP) {
      const rows = this.db
        .select(recordColumns)
        .from(messageImages)
        .where(
          and(
            eq(messageImages.sessionId, sessionId),
            inArray(messageImages.id, ids.slice(start, start + IDS_PER_LOOKUP)),
          ),
        )
        .all();
      for (const row of rows) found.set(row.id, imageRecordOf(row));
    }
    return found;
  }
}
