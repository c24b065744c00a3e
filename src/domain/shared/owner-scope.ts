/**
 * @module owner-scope
 * Who is calling, and what of the server's resources they see: the one pattern every owned resource follows. A
 * resource (a session and what hangs off it, a job, a webhook; memory alike when it comes) carries the `owner` of
 * the API key that made it; a caller sees it when the owners match, an admin sees every owner's. Another owner's
 * resource is answered exactly as a missing one: `visibleTo` says whether to treat it as there, `ownerFilter` what a
 * list reads. The server's own work (start-up recovery, timers) calls as SERVER_CALLER, which sees everything.
 */
import type { ApiKeyRecord, KeyLimits, OwnerFilter } from "../../db/records.js";
import { DomainError } from "../../kernel/errors.js";
import { isScope, SCOPES, type Scope } from "./scopes.js";

/** What an audit entry records of something a caller did; the audit capability adds who, when and the status. */
export type AuditNote = {
  /** `<resource>.<verb>`: `session.create`, `run.start`, `key.revoke`, `auth.denied`, … */
  action: string;
  resource?: { type: string; id: string } | null;
  /** Further facts worth keeping; never a secret. */
  detail?: Record<string, unknown>;
};

/** Where a caller's notes go: kept for the request's audit entries (written with its status), or written at once. */
export type AuditTrail = { note(note: AuditNote): void };

/** Who a request (or the command line, or the server itself) acts as. */
export type Caller = {
  /** The API key; null for the server key (`server.api_key`), a keyless server and the server's own work. */
  key_id: string | null;
  /** Whose resources it makes and sees; null for the server key's own. */
  owner: string | null;
  /** Sees every owner's resources and holds every scope. */
  admin: boolean;
  scopes: ReadonlySet<Scope>;
  /** The key's limits; null when it has none (the server key). */
  limits: KeyLimits | null;
  trail: AuditTrail;
};

const SILENT_TRAIL: AuditTrail = { note: () => undefined };

/** The server acting by itself (and callers that never authenticate: a server without keys). */
export const SERVER_CALLER: Caller = {
  key_id: null,
  owner: null,
  admin: true,
  scopes: new Set(SCOPES),
  limits: null,
  trail: SILENT_TRAIL,
};

/** An admin caller that notes what it does in `trail` (the server key, a keyless server's requests). */
export function serverCaller(trail: AuditTrail): Caller {
  return { ...SERVER_CALLER, trail };
}

export function hasScope(caller: Caller, scope: Scope): boolean {
  return caller.admin || caller.scopes.has(scope);
}

/** Whether the caller sees a resource of `owner`: its own, or any when it is an admin. */
export function visibleTo(caller: Caller, owner: string | null): boolean {
  return caller.admin || owner === caller.owner;
}

/** Notes that the caller was refused another owner's resource (answered as a missing one) in its audit trail. */
export function noteRefused(caller: Caller, type: string, id: string): void {
  caller.trail.note({ action: "auth.denied", resource: { type, id }, detail: { reason: "another owner's" } });
}

/**
 * Whose resources a list shows the caller: its own; an admin every owner's, or the one it names (`?owner=`). A
 * non-admin naming another owner is refused, not quietly shown its own.
 */
export function ownerFilter(caller: Caller, requested?: string | null): OwnerFilter {
  if (caller.admin) return requested ? { owner: requested } : null;
  if (requested && requested !== caller.owner)
    throw new DomainError("insufficient_scope", "listing another owner's resources needs the admin scope", {
      details: { required_scope: "admin" },
    });
  return { owner: caller.owner };
}

/**
 * Whose resources a conversation is found among (a session key, a derived chat session, a title's lineage): the
 * caller's own only, admin or not, so two owners' conversations never meet.
 */
export function ownOnly(caller: Caller): OwnerFilter {
  return { owner: caller.owner };
}

/** The caller a live key stands for: its owner, its scopes (admin holding every one) and its limits. */
export function callerOfKey(key: ApiKeyRecord, trail: Caller["trail"]): Caller {
  const scopes = new Set(key.scopes.filter(isScope));
  return { key_id: key.id, owner: key.owner, admin: scopes.has("admin"), scopes, limits: key.limits, trail };
}
