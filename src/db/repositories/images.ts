/**
 * @module images
 * The `message_images` table: the images tools returned, written once with the tool row that references them, read
 * by session and id (the bytes only when asked for), so one session never reads another's.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { messageImages } from "../schema.js";
import type { ImageRecord, NewImage, StoredImage } from "../records.js";
import { imageInsertValues, imageRecordColumns, imageRecordOf, imagesOfSession } from "../rows/images.js";
import type { ImageRepository, Sync } from "../store.js";

const recordColumns = imageRecordColumns(messageImages);

/** Ids looked up per statement: far under SQLite's limit on bound parameters. */
const IDS_PER_LOOKUP = 500;

export class SqliteImageRepository implements Sync<ImageRepository> {
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
      .values(images.map((image) => imageInsertValues(sessionId, seq, image, now)))
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
        .where(imagesOfSession(messageImages, sessionId, ids.slice(start, start + IDS_PER_LOOKUP)))
        .all();
      for (const row of rows) found.set(row.id, imageRecordOf(row));
    }
    return found;
  }
}
