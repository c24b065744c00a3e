/**
 * @module context-rows
 * What a compression changes on transcript rows: whether a row is in the active context, and the shortened form it
 * is shown in. A row's stored content is never rewritten.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../database.js";
import { messages } from "../schema.js";
import type { ActiveContextCache } from "../active-context-cache.js";
import type { StoredMessage } from "../records.js";
import type { ContextRowRepository, Sync } from "../store.js";

/** Writes of compression to transcript rows: which rows are in the context and how they are shown. Contents are never touched. */
export class SqliteContextRowRepository implements Sync<ContextRowRepository> {
  constructor(
    private readonly db: Db,
    private readonly activeContext: ActiveContextCache,
  ) {}

  setInContext(sessionId: string, seqs: number[], inContext: boolean): void {
    this.activeContext.invalidate(sessionId);
    const chunkSize = 500;
    for (let i = 0; i < seqs.length; i += chunkSize) {
      this.db
        .update(messages)
        .set({ inContext })
        .where(and(eq(messages.sessionId, sessionId), inArray(messages.seq, seqs.slice(i, i + chunkSize))))
        .run();
    }
  }

  setOverride(
    sessionId: string,
    seq: number,
    override: StoredMessage["override"],
    overrideTokens: number | null,
  ): void {
    this.activeContext.invalidate(sessionId);
    this.db
      .update(messages)
      .set({
        overrideJson: override ? JSON.stringify(override) : null,
        overrideTokens: override ? overrideTokens : null,
      })
      .where(and(eq(messages.sessionId, sessionId), eq(messages.seq, seq)))
      .run();
  }
}
