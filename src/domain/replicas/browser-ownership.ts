/**
 * @module browser-ownership
 * Which replica a session's browser lives on. Its supervisor (the Chromium, the dialog queue, the frame tree) is in
 * one process's memory, so one replica holds a lease on it in the database: this one takes it when nobody holds it
 * or its holder's heartbeat ran out, and otherwise learns where to forward the request.
 */
import type { BrowserLeaseRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";

export type BrowserOwner =
  { local: true } | { local: false; replicaId: string; internalUrl: string | null; heartbeatAt: number | null };

export type BrowserOwnershipDeps = {
  store: Store;
  now: () => number;
  replicaId: string;
  leaseTtlMs: number;
};

export class BrowserOwnership {
  constructor(private readonly deps: BrowserOwnershipDeps) {}

  get replicaId(): string {
    return this.deps.replicaId;
  }

  /** Takes the session's browser for this replica if it is free (or its holder dead); answers who holds it. */
  async claim(sessionId: string): Promise<BrowserOwner> {
    const { store, now, replicaId, leaseTtlMs } = this.deps;
    const at = now();
    const holder = await store.replicas.acquireBrowser(sessionId, replicaId, at, at - leaseTtlMs);
    return holder ? this.ownerOf(holder) : { local: true };
  }

  /** Who holds the session's browser, without taking it: null when nobody does. */
  async holder(sessionId: string): Promise<BrowserOwner | null> {
    const holder = await this.deps.store.replicas.browserHolder(sessionId);
    return holder ? this.ownerOf(holder) : null;
  }

  private ownerOf(holder: BrowserLeaseRecord): BrowserOwner {
    if (holder.replica_id === this.deps.replicaId) return { local: true };
    return {
      local: false,
      replicaId: holder.replica_id,
      internalUrl: holder.internal_url,
      heartbeatAt: holder.heartbeat_at,
    };
  }

  /** Seconds until a silent holder's lease runs out (when a request may take the browser over). */
  retryAfterS(owner: Extract<BrowserOwner, { local: false }>): number {
    const expires = (owner.heartbeatAt ?? 0) + this.deps.leaseTtlMs;
    return Math.max(1, Math.ceil((expires - this.deps.now()) / 1000));
  }
}
