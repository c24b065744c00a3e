/**
 * @module private-values
 * The values a user marks private in a session (`POST /v1/sessions/{id}/private-values`), besides the passwords the
 * agent typed: once the session has read untrusted content, the guard refuses any action that would carry one to an
 * origin it is not bound to, whoever approves. Listed masked; never given back whole.
 */
import type { PrivateValueRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { DomainError, notFound } from "../../kernel/errors.js";
import { newId } from "../../kernel/ids.js";
import { parseOriginEntry } from "../shared/origins.js";

/** A shorter value would match ordinary text and refuse harmless actions. */
export const PRIVATE_VALUE_MIN_CHARS = 6;

export class PrivateValues {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  private async requireSession(sessionId: string): Promise<void> {
    if (!(await this.store.sessions.get(sessionId))) throw notFound("session", sessionId);
  }

  /** Marks `value` private in the session, bound to `origins` (where it may still go; none: nowhere). */
  async add(sessionId: string, value: string, origins: string[] = []): Promise<PrivateValueRecord> {
    await this.requireSession(sessionId);
    const fields = [
      ...(value.trim().length < PRIVATE_VALUE_MIN_CHARS
        ? [{ path: ["value"], message: `at least ${PRIVATE_VALUE_MIN_CHARS} characters besides spaces` }]
        : []),
      ...origins.flatMap((origin, i) =>
        parseOriginEntry(origin) ? [] : [{ path: ["origins", i], message: "an origin, host[:port] or *.host" }],
      ),
    ];
    if (fields.length) throw new DomainError("validation_failed", "the private value cannot be kept", { fields });
    const at = this.now();
    return this.store.privateValues.add({
      id: newId("prv", at),
      session_id: sessionId,
      value,
      origins,
      source: "user",
      created_at: at,
    });
  }

  async list(sessionId: string): Promise<PrivateValueRecord[]> {
    await this.requireSession(sessionId);
    return this.store.privateValues.list(sessionId);
  }

  async remove(sessionId: string, id: string): Promise<void> {
    await this.requireSession(sessionId);
    if (!(await this.store.privateValues.remove(sessionId, id))) throw notFound("private value", id);
  }
}
