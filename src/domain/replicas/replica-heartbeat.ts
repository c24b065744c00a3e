/**
 * @module replica-heartbeat
 * This replica's lease on being alive: a heartbeat written every third of the lease time, and on each beat a look for
 * replicas whose lease ran out — their runs are closed as interrupted (open tool calls answered) and their rows
 * removed, which frees the browsers they held for whichever replica acts on them next. A replica that could not beat
 * itself (the database was out of reach) judges no other for a lease after: every replica missed its beats alike,
 * and the others are as alive as it is.
 */
import type { Store } from "../../db/store.js";
import type { Logger } from "../../logger.js";

/** What closes a dead replica's runs (the agent runner). */
export type RunRecovery = { recoverRunsOf(replicaId: string, why: string): Promise<number> };

export type ReplicaHeartbeatDeps = {
  store: Store;
  recovery: RunRecovery;
  logger: Logger;
  now: () => number;
  replicaId: string;
  internalUrl: string | null;
  leaseTtlMs: number;
  /** The only process on the database (SQLite): every other replica recorded is a previous process, gone. */
  soleReplica: boolean;
};

export class ReplicaHeartbeat {
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  /** When a beat last failed (the database out of reach); null when none has. */
  private lastFailedAt: number | null = null;

  constructor(private readonly deps: ReplicaHeartbeatDeps) {}

  /** Writes the first beat (so the replica is known before it serves) and keeps beating. */
  async start(): Promise<void> {
    await this.beat(this.deps.soleReplica);
    const interval = Math.max(250, Math.floor(this.deps.leaseTtlMs / 3));
    this.timer = setInterval(() => {
      this.beating ??= this.beat().finally(() => (this.beating = null));
    }, interval);
    this.timer.unref();
  }

  get replicaId(): string {
    return this.deps.replicaId;
  }

  get leaseTtlMs(): number {
    return this.deps.leaseTtlMs;
  }

  /** Whether a replica's heartbeat at `heartbeatAt` is still within the lease. */
  isAlive(heartbeatAt: number | null): boolean {
    return heartbeatAt !== null && heartbeatAt >= this.deps.now() - this.deps.leaseTtlMs;
  }

  /** Stops beating and removes this replica's row, so its browsers are free at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.deps.store.replicas.remove(this.deps.replicaId).catch(() => undefined);
  }

  /** `everyOther`: take over every other replica recorded, whatever its heartbeat says. */
  private async beat(everyOther = false): Promise<void> {
    const { store, logger, now, replicaId, internalUrl, leaseTtlMs } = this.deps;
    try {
      await store.replicas.heartbeat(replicaId, internalUrl, now());
      if (this.lastFailedAt !== null && now() - this.lastFailedAt < leaseTtlMs) return;
      this.lastFailedAt = null;
      const aliveAfter = everyOther ? Number.MAX_SAFE_INTEGER : now() - leaseTtlMs;
      for (const dead of await store.replicas.dead(aliveAfter, replicaId)) {
        const closed = await this.deps.recovery.recoverRunsOf(dead.id, `replica ${dead.id} stopped answering`);
        await store.replicas.remove(dead.id);
        logger.warn(
          { replica_id: dead.id, runs_interrupted: closed },
          "a replica's lease ran out; its work was taken over",
        );
      }
    } catch (err) {
      this.lastFailedAt = now();
      logger.warn({ err }, "replica heartbeat failed");
    }
  }
}
