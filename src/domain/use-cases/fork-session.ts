/**
 * @module fork-session
 * A new session that starts as a copy of another's transcript up to a point (its last row by default): the rows, their
 * summaries and anchors, the source's title, model, system prompt, config and private values. The source is left as it
 * was; the two go on separately from there.
 */
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import type { EngineSessions } from "../context/engine-session.js";
import type { SessionService } from "../sessions/service.js";
import type { Caller } from "../shared/owner-scope.js";

export type ForkSessionDeps = {
  store: Store;
  sessions: SessionService;
  engineSessions: EngineSessions;
  now: () => number;
};

export type ForkSessionInput = {
  /** The fork's id (a client-chosen one, as Hermes clients send); made by the server otherwise. */
  id?: string;
  title?: string | null;
  /** The last source row the fork holds; every row when absent. */
  upto_seq?: number;
  /** Who forks it: the fork is its owner's. */
  caller?: Caller;
};

export async function forkSession(
  deps: ForkSessionDeps,
  sourceId: string,
  input: ForkSessionInput = {},
): Promise<{ session: SessionRecord; copied: number }> {
  const source = await deps.sessions.require(sourceId);
  // Seqs are dense from 1, so the last one is the row count.
  const last = source.message_count;
  const upto = input.upto_seq ?? last;
  if (!Number.isInteger(upto) || upto < 0 || upto > last) {
    throw new DomainError("validation_failed", `upto_seq must be a seq of the session, 0 to ${last}`, {
      fields: [{ path: ["upto_seq"], message: `between 0 and ${last}` }],
    });
  }
  if (input.id && (await deps.store.sessions.get(input.id))) throw sessionExists(input.id);
  const forked = await deps.store.transaction(async () => {
    const session = await deps.sessions.create({
      id: input.id,
      title: input.title ?? source.title,
      model: source.model,
      system_prompt: source.system_prompt,
      config: source.config,
      source: source.source,
      parent_session_id: source.id,
      caller: input.caller,
    });
    const copied = await deps.store.forks.copyTranscript(source.id, session.id, upto, deps.now());
    // The copied rows may carry the values the source keeps private: the fork keeps them private too.
    for (const value of await deps.store.privateValues.list(source.id))
      await deps.store.privateValues.add({ ...value, id: newId("prv", deps.now()), session_id: session.id });
    return { session: await deps.sessions.require(session.id), copied };
  });
  await deps.engineSessions.sessionStarted(forked.session.id);
  return forked;
}

export function sessionExists(id: string): DomainError {
  return new DomainError(
    "session_exists",
    `a session with id ${id} already exists; choose another id or leave it out`,
    {
      fields: [{ path: ["id"], message: "already in use" }],
    },
  );
}
