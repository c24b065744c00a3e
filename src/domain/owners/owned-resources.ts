/**
 * @module owned-resources
 * Who owns a resource, by kind and id: the lookup the HTTP layer makes for every id in a request's path, so another
 * owner's resource is answered exactly as a missing one in one place per kind instead of in every route. Each kind
 * registers how its owner is found (a session's own `owner`; a run, a response or an interrupt through its
 * session; a job and a webhook their own, registered by ../../jobs-services.ts); a kind added later registers its
 * own the same way.
 */
import type { Store } from "../../db/store.js";

/**
 * The owner of the resource with this id: its owner (null: the server key's), or undefined when there is no such
 * resource (the route answers that itself).
 */
export type OwnerLookup = (id: string) => Promise<string | null | undefined>;

export class OwnedResources {
  private readonly lookups = new Map<string, OwnerLookup>();

  register(kind: string, lookup: OwnerLookup): this {
    this.lookups.set(kind, lookup);
    return this;
  }

  /** The owner of a resource of `kind`; undefined when it does not exist (or its kind is not registered). */
  async ownerOf(kind: string, id: string): Promise<string | null | undefined> {
    const lookup = this.lookups.get(kind);
    return lookup ? lookup(id) : undefined;
  }
}

/** The resources every server has: sessions and what hangs off them, and the allowlist's entries. */
export function sessionResources(store: Store): OwnedResources {
  const sessionOwner: OwnerLookup = async (id) => {
    const session = await store.sessions.get(id);
    return session ? session.owner : undefined;
  };
  const through =
    (find: (id: string) => Promise<{ session_id: string } | null>): OwnerLookup =>
    async (id) => {
      const found = await find(id);
      return found ? sessionOwner(found.session_id) : undefined;
    };
  return new OwnedResources()
    .register("session", sessionOwner)
    .register(
      "run",
      through((id) => store.runs.get(id)),
    )
    .register(
      "response",
      through((id) => store.responses.get(id)),
    )
    .register(
      "interrupt",
      through((id) => store.interrupts.get(id)),
    )
    .register("approval_grant", async (id) => {
      const grant = await store.approvalGrants.get(id);
      return grant ? (grant.owner ?? null) : undefined;
    });
}
