/**
 * @module replicas
 * The `replicas` and `browser_leases` tables: each server process's heartbeat and internal address, the ones whose
 * heartbeat is older than the lease time (dead), and which replica holds each session's browser — a lease taken
 * when nobody holds it or its holder is dead.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../database.js";
import { browserLeases, replicas } from "../schema.js";
import type { BrowserLeaseRecord, ReplicaRecord } from "../records.js";
import { leaseHolderColumns, leaseRecordOf, replicaRecordOf } from "../rows/replicas.js";
import type { ReplicaRepository, Sync } from "../store.js";

export class SqliteReplicaRepository implements Sync<ReplicaRepository> {
  constructor(private readonly db: Db) {}

  /** Says the replica is alive now (registering it on its first beat). */
  heartbeat(id: string, internalUrl: string | null, now: number): void {
    this.db
      .insert(replicas)
      .values({ id, internalUrl, startedAt: now, heartbeatAt: now })
      .onConflictDoUpdate({ target: replicas.id, set: { internalUrl, heartbeatAt: now } })
      .run();
  }

  list(): ReplicaRecord[] {
    return this.db.select().from(replicas).orderBy(replicas.id).all().map(replicaRecordOf);
  }

  /** Replicas whose last heartbeat is before `aliveAfter` (other than `self`): dead. */
  dead(aliveAfter: number, self: string): ReplicaRecord[] {
    return this.db
      .select()
      .from(replicas)
      .where(and(lt(replicas.heartbeatAt, aliveAfter), sql`${replicas.id} <> ${self}`))
      .all()
      .map(replicaRecordOf);
  }

  /** Forgets a replica (it stopped, or it was found dead and its work taken over); its browser leases go with it. */
  remove(id: string): void {
    this.db.delete(browserLeases).where(eq(browserLeases.replicaId, id)).run();
    this.db.delete(replicas).where(eq(replicas.id, id)).run();
  }

  /** Who holds the session's browser, with the holder's address and heartbeat; null when nobody does. */
  browserHolder(sessionId: string): BrowserLeaseRecord | null {
    const row = this.db
      .select(leaseHolderColumns(browserLeases, replicas))
      .from(browserLeases)
      .leftJoin(replicas, eq(replicas.id, browserLeases.replicaId))
      .where(eq(browserLeases.sessionId, sessionId))
      .get();
    if (!row) return null;
    return leaseRecordOf(row);
  }

  /**
   * Takes the session's browser for `replicaId` when nobody holds it, its holder's heartbeat is before `aliveAfter`
   * (or gone), or it holds it already. Answers the holder after the attempt: the caller's own lease if it took it.
   */
  acquireBrowser(sessionId: string, replicaId: string, now: number, aliveAfter: number): BrowserLeaseRecord | null {
    const holder = this.browserHolder(sessionId);
    if (holder && holder.replica_id !== replicaId && holder.heartbeat_at !== null && holder.heartbeat_at >= aliveAfter)
      return holder;
    if (holder?.replica_id === replicaId) return holder;
    this.db
      .insert(browserLeases)
      .values({ sessionId, replicaId, acquiredAt: now })
      .onConflictDoUpdate({ target: browserLeases.sessionId, set: { replicaId, acquiredAt: now } })
      .run();
    return this.browserHolder(sessionId);
  }
}
