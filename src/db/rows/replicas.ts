/**
 * @module replicas
 * The `replicas` table's rows as both stores write and read them (the same columns in each dialect,
 * tests/unit/schema-parity.happy.test.ts): the record of a replica's row, and a browser lease joined with its holder.
 */
import type { replicas } from "../schema.js";
import type { BrowserLeaseRecord, ReplicaRecord } from "../records.js";

type Row = typeof replicas.$inferSelect;

/** The record of a row. */
export function replicaRecordOf(row: Row): ReplicaRecord {
  return { id: row.id, internal_url: row.internalUrl, started_at: row.startedAt, heartbeat_at: row.heartbeatAt };
}

type LeaseColumns = { sessionId: unknown; replicaId: unknown; acquiredAt: unknown };
type HolderColumns = { internalUrl: unknown; heartbeatAt: unknown };

/** A lease's columns with its holder's address and heartbeat, of either dialect's tables. */
export function leaseHolderColumns<L extends LeaseColumns, R extends HolderColumns>(leases: L, holders: R) {
  return {
    sessionId: leases.sessionId as L["sessionId"],
    replicaId: leases.replicaId as L["replicaId"],
    acquiredAt: leases.acquiredAt as L["acquiredAt"],
    internalUrl: holders.internalUrl as R["internalUrl"],
    heartbeatAt: holders.heartbeatAt as R["heartbeatAt"],
  };
}

/** A lease as read with those columns; the holder's are null when its replica row is gone. */
export function leaseRecordOf(row: {
  sessionId: string;
  replicaId: string;
  acquiredAt: number;
  internalUrl: string | null;
  heartbeatAt: number | null;
}): BrowserLeaseRecord {
  return {
    session_id: row.sessionId,
    replica_id: row.replicaId,
    acquired_at: row.acquiredAt,
    internal_url: row.internalUrl ?? null,
    heartbeat_at: row.heartbeatAt ?? null,
  };
}
