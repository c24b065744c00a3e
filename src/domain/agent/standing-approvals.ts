/**
 * @module standing-approvals
 * The approvals a person gave beyond one call: a tool approved for the rest of a session (`session`), or for every
 * session — the allowlist (`always`). Recorded when an approval is answered with that scope (interrupt-answers.ts),
 * consulted before a call asks (run-tool-calls.ts), listed and removed here.
 */
import type { ApprovalGrantRecord, OwnerFilter } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { notFound } from "../../kernel/errors.js";

export class StandingApprovals {
  constructor(private readonly store: Store) {}

  /** The allowlist (`always`) of one owner, or (null) every owner's, newest first. */
  allowlist(owner: OwnerFilter = null): Promise<ApprovalGrantRecord[]> {
    return this.store.approvalGrants.list("always", owner);
  }

  /** One entry of the allowlist. */
  async entry(id: string): Promise<ApprovalGrantRecord> {
    const grant = await this.store.approvalGrants.get(id);
    if (!grant || grant.scope !== "always") throw notFound("allowlist entry", id);
    return grant;
  }

  /** Removes an entry of the allowlist: later calls of its tool ask again. */
  async remove(id: string): Promise<void> {
    await this.entry(id);
    await this.store.approvalGrants.remove(id);
  }
}
