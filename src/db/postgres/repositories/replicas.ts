/**
 * @module replicas
 * The `replicas` and `browser_leases` tables on PostgreSQL, as the SQLite repository (../../repositories/replicas.ts)
 * keeps them: each replica's heartbeat and internal address, the dead ones, and which replica holds each session's
 * browser. Taking a lease is one upsert that only overwrites a dead holder's row, so of two replicas racing for the
 * same browser exactly one gets it: the second waits on the first's row lock, then finds a live holder.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { ReplicaRepository } from "../../store.js";
import type { BrowserLeaseRecord, ReplicaRecord } from "../../records.js";
import type { PgConnection } from "../connection.js";
import { browserLeases, replicas } from "../schema.js";
import { leaseHolderColumns, leaseRecordOf, replicaRecordOf } from "../../rows/replicas.js";

export class PgReplicaRepository implements ReplicaRepository {
  constructor(private readonly conn: PgConnection) {}

  /** Says the replica is alive now (registering it on its first beat). */
  async heartbeat(id: string, internalUrl: string | null, now: number): Promise<void> {
    await this.conn.exec
      .insert(replicas)
      .values({ id, internalUrl, startedAt: now, heartbeatAt: now })
      .onConflictDoUpdate({ target: replicas.id, set: { internalUrl, heartbeatAt: now } });
  }

  async list(): Promise<ReplicaRecord[]> {
    const rows = await this.conn.exec.select().from(replicas).orderBy(replicas.id);
    return rows.map(replicaRecordOf);
  }

  /** Replicas whose last heartbeat is before `aliveAfter` (other than `self`): dead. */
  async dead(aliveAfter: number, self: string): Promise<ReplicaRecord[]> {
    const rows = await this.conn.exec
      .select()
      .from(replicas)
      .where(and(lt(replicas.heartbeatAt, aliveAfter), sql`${replicas.id} <> ${self}`));
    return rows.map(replicaRecordOf);
  }

  /** Forgets a replica (it stopped, or it was found dead and its work taken over); its browser leases go with it. */
  async remove(id: string): Promise<void> {
    await this.conn.transaction(async () => {
      await this.conn.exec.delete(browserLeases).where(eq(browserLeases.replicaId, id));
      await this.conn.exec.delete(replicas).where(eq(replicas.id, id));
    });
  }

  /** Who holds the session's browser, with the holder's address and heartbeat; null when nobody does. */
  async browserHolder(sessionId: string): Promise<BrowserLeaseRecord | null> {
    const [row] = await this.conn.exec
      .select(leaseHolderColumns(browserLeases, replicas))
      .from(browserLeases)
      .leftJoin(replicas, eq(replicas.id, browserLeases.replicaId))
      .where(eq(browserLeases.sessionId, sessionId));
    if (!row) return null;
    return leaseRecordOf(row);
  }

  /**
   * Takes the session's browser for `replicaId` when nobody holds it, its holder's heartbeat is before `aliveAfter`
   * (or gone), or it holds it already (its lease is left as it was). Answers the holder after the attempt: the
   * caller's own lease if it took it.
   */
  async acquireBrowser(
    sessionId: string,
    replicaId: string,
    now: number,
    aliveAfter: number,
  ): Promise<BrowserLeaseRecord | null> {
    await this.conn.exec
      .insert(browserLeases)
      .values({ sessionId, replicaId, acquiredAt: now })
      .onConflictDoUpdate({
        target: browserLeases.sessionId,
        set: { replicaId, acquiredAt: now },
        setWhere: sql`${browserLeases.replicaId} <> ${replicaId} and not exists (select 1 from ${replicas} where ${replicas.id} = ${browserLeases.replicaId} and ${replicas.heartbeatAt} >= ${aliveAfter})`,
      });
    return this.browserHolder(sessionId);
  }
}
