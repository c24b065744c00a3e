/**
 * @module context-rows
 * What a compression changes on transcript rows on PostgreSQL, as the SQLite repository
 * (../../repositories/context-rows.ts) changes it: whether a row is in the active context, and the shortened form it
 * is shown in. A row's stored content is never rewritten, and nothing is kept in memory to drop.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { ContextRowRepository } from "../../store.js";
import type { StoredMessage } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { messages } from "../schema.js";

/** Seqs per UPDATE, as on SQLite: one parameter each. */
const SEQS_PER_UPDATE = 500;

export class PgContextRowRepository implements ContextRowRepository {
  constructor(private readonly conn: PgConnection) {}

  async setInContext(sessionId: string, seqs: number[], inContext: boolean): Promise<void> {
    for (let i = 0; i < seqs.length; i += SEQS_PER_UPDATE) {
      await this.conn.exec
        .update(messages)
        .set({ inContext })
        .where(and(eq(messages.sessionId, sessionId), inArray(messages.seq, seqs.slice(i, i + SEQS_PER_UPDATE))));
    }
  }

  async setOverride(
    sessionId: string,
    seq: number,
    override: StoredMessage["override"],
    overrideTokens: number | null,
  ): Promise<void> {
    await this.conn.exec
      .update(messages)
      .set({
        overrideJson: override ? JSON.stringify(override) : null,
        overrideTokens: override ? overrideTokens : null,
      })
      .where(and(eq(messages.sessionId, sessionId), eq(messages.seq, seq)));
  }
}
