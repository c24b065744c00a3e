/**
 * @module private-values
 * The `private_values` table on PostgreSQL (see ../../repositories/private-values.ts).
 */
import { and, asc, eq } from "drizzle-orm";
import type { PrivateValueRecord } from "../../records.js";
import type { PrivateValueRepository } from "../../store.js";
import { privateValueInsertValues, privateValueRecordOf } from "../../rows/private-values.js";
import type { PgConnection } from "../connection.js";
import { privateValues } from "../schema.js";

export class PgPrivateValueRepository implements PrivateValueRepository {
  constructor(private readonly conn: PgConnection) {}

  async add(value: PrivateValueRecord): Promise<PrivateValueRecord> {
    const [row] = await this.conn.exec.insert(privateValues).values(privateValueInsertValues(value)).returning();
    return privateValueRecordOf(row);
  }

  async list(sessionId: string): Promise<PrivateValueRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(privateValues)
      .where(eq(privateValues.sessionId, sessionId))
      .orderBy(asc(privateValues.createdAt), asc(privateValues.id));
    return rows.map(privateValueRecordOf);
  }

  async remove(sessionId: string, id: string): Promise<boolean> {
    const result = await this.conn.exec
      .delete(privateValues)
      .where(and(eq(privateValues.sessionId, sessionId), eq(privateValues.id, id)));
    return (result.rowCount ?? 0) > 0;
  }
}
