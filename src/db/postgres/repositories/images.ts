/**
 * @module images
 * The `message_images` table on PostgreSQL: the images tools returned, as the SQLite repository
 * (../../repositories/images.ts) stores them — written with their tool row, read by session and id, the bytes
 * (a `bytea`, read as a Buffer) only when asked for.
 */
import { and, eq } from "drizzle-orm";
import type { ImageRepository } from "../../store.js";
import type { ImageRecord, NewImage, StoredImage } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { messageImages } from "../schema.js";
import { imageInsertValues, imageRecordColumns, imageRecordOf, imagesOfSession } from "../../rows/images.js";

const recordColumns = imageRecordColumns(messageImages);

/** Ids looked up per statement, as on SQLite: one parameter each. */
const IDS_PER_LOOKUP = 500;

export class PgImageRepository implements ImageRepository {
  constructor(private readonly conn: PgConnection) {}

  /** Stores the images of the tool row at `seq`. Callers write them in the transaction that stores the row. */
  async insert(sessionId: string, seq: number, images: NewImage[], now: number): Promise<ImageRecord[]> {
    if (images.length === 0) return [];
    const rows = await this.conn.exec
      .insert(messageImages)
      .values(images.map((image) => imageInsertValues(sessionId, seq, image, now)))
      .returning(recordColumns);
    // Answered in the order given, as SQLite's RETURNING does (PostgreSQL's order is not promised).
    const byId = new Map(rows.map((row) => [row.id, imageRecordOf(row)]));
    return images.flatMap((image) => byId.get(image.id) ?? []);
  }

  /** One image of the session with its bytes, or null (also for another session's image). */
  async get(sessionId: string, id: string): Promise<StoredImage | null> {
    const [row] = await this.conn.exec
      .select({ ...recordColumns, bytes: messageImages.bytes })
      .from(messageImages)
      .where(and(eq(messageImages.sessionId, sessionId), eq(messageImages.id, id)));
    return row ? { ...imageRecordOf(row), bytes: row.bytes } : null;
  }

  /** The records (no bytes) of those of `ids` that are images of the session, by id. */
  async describe(sessionId: string, ids: readonly string[]): Promise<Map<string, ImageRecord>> {
    const found = new Map<string, ImageRecord>();
    for (let start = 0; start < ids.length; start += IDS_PER_LOOKUP) {
      const rows = await this.conn.exec
        .select(recordColumns)
        .from(messageImages)
        .where(imagesOfSession(messageImages, sessionId, ids.slice(start, start + IDS_PER_LOOKUP)))
        // By id, as SQLite reads them through the primary key: the map's order is the same on both.
        .orderBy(messageImages.id);
      for (const row of rows) found.set(row.id, imageRecordOf(row));
    }
    return found;
  }
}
