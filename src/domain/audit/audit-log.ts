/**
 * @module audit-log
 * The audit log: who (key, owner) did what to which resource, with the status it was answered with, and when. One
 * port for every capability — `record` writes an entry now; a request's notes are kept by a RequestAuditTrail and
 * written with the request's status once it is answered. Entries never hold a secret (their details are redacted)
 * and are deleted after `audit.retention_days`.
 */
import type { AuditQuery, AuditRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { newId } from "../../kernel/ids.js";
import { redactDeep } from "../../kernel/redaction.js";
import type { Logger } from "../../logger.js";
import type { AuditNote, AuditTrail, Caller } from "../shared/owner-scope.js";

/** The actions the server records; other capabilities may record their own (`<resource>.<verb>`). */
export const AUDIT_ACTIONS = [
  "key.create",
  "key.update",
  "key.revoke",
  "session.create",
  "session.delete",
  "run.start",
  "interrupt.answer",
  "browser.cdp",
  "mcp.change",
  "auth.denied",
  "guard.held",
  "guard.blocked",
  "guard.allowed",
  "job.create",
  "job.update",
  "job.delete",
  "job.run",
  "job.fire",
  "webhook.create",
  "webhook.update",
  "webhook.delete",
  "webhook.redeliver",
] as const;

/** What an entry says: who did what to which resource, and how it was answered. */
export type AuditEntry = AuditNote & {
  actor: Pick<Caller, "key_id" | "owner">;
  /** The HTTP status the request was answered with; null for what the command line or the server did. */
  status: number | null;
  request_id?: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often, at most, recording an entry also deletes the expired ones. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export type AuditLogDeps = { store: Store; now: () => number; logger: Logger; retentionDays: number };

export class AuditLog {
  private lastPurge = 0;

  constructor(private readonly deps: AuditLogDeps) {}

  /** Writes entries now (the port other capabilities record through). A failure is logged, never thrown. */
  async record(...entries: AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const at = this.deps.now();
    const records = entries.map((entry) => this.recordOf(entry, at));
    try {
      await this.deps.store.audit.insert(records);
      if (at - this.lastPurge >= PURGE_INTERVAL_MS) await this.purgeExpired();
    } catch (err) {
      this.deps.logger.error({ err, actions: entries.map((e) => e.action) }, "could not write to the audit log");
    }
  }

  /** Newest first. */
  list(query: AuditQuery): Promise<AuditRecord[]> {
    return this.deps.store.audit.list(query);
  }

  /** Deletes the entries older than the retention; answers how many went. */
  async purgeExpired(): Promise<number> {
    this.lastPurge = this.deps.now();
    return this.deps.store.audit.deleteBefore(this.lastPurge - this.deps.retentionDays * DAY_MS);
  }

  private recordOf(entry: AuditEntry, at: number): AuditRecord {
    return {
      id: newId("aud", at),
      created_at: at,
      action: entry.action,
      key_id: entry.actor.key_id,
      owner: entry.actor.owner,
      resource_type: entry.resource?.type ?? null,
      resource_id: entry.resource?.id ?? null,
      status: entry.status,
      request_id: entry.request_id ?? null,
      detail: redactDeep(entry.detail ?? {}),
    };
  }
}

/**
 * A request's notes, kept until it is answered and then written with its status: the request's caller is only known
 * once it is authenticated, so notes name their actor as they are made. The command line keeps its notes the same
 * way, with no request id and no status.
 */
export class RequestAuditTrail {
  private readonly notes: Array<AuditNote & { actor: Pick<Caller, "key_id" | "owner"> }> = [];

  constructor(
    private readonly log: AuditLog,
    private readonly requestId: string | null,
  ) {}

  /** The trail a caller of this request notes through. */
  for(actor: Pick<Caller, "key_id" | "owner">): AuditTrail {
    return { note: (note) => void this.notes.push({ ...note, actor }) };
  }

  /** Writes what was noted, with the status the request was answered with. */
  async flush(status: number | null): Promise<void> {
    const notes = this.notes.splice(0);
    await this.log.record(...notes.map((note) => ({ ...note, status, request_id: this.requestId })));
  }
}
