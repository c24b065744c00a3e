/**
 * @module private-values
 * The `private_values` table: the values a session keeps private from what the guard does not trust, each with the
 * origins it may go to.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../database.js";
import { privateValues } from "../schema.js";
import { privateValueInsertValues, privateValueRecordOf } from "../rows/private-values.js";
import type { PrivateValueRecord } from "../records.js";
import type { PrivateValueRepository, Sync } from "../store.js";

export class SqlitePrivateValueRepository implements Sync<PrivateValueRepository> {
  constructor(private readonly db: Db) {}

  add(value: PrivateValueRecord): PrivateValueRecord {
    return privateValueRecordOf(
      this.db.insert(privateValues).values(privateValueInsertValues(value)).returning().get(),
    );
  }

  list(sessionId: string): PrivateValueRecord[] {
    return this.db
      .select()
      .from(privateValues)
      .where(eq(privateValues.sessionId, sessionId))
      .orderBy(asc(privateValues.createdAt), asc(privateValues.id))
      .all()
      .map(privateValueRecordOf);
  }

  remove(sessionId: string, id: string): boolean {
    return (
      this.db
        .delete(privateValues)
        .where(and(eq(privateValues.sessionId, sessionId), eq(privateValues.id, id)))
        .run().changes > 0
    );
  }
}
