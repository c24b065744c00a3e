/**
 * @module run-admission
 * Whether a run may start, and its row: one run per session (running or waiting, here or on another replica, a
 * unique index holding it across replicas), at most `server.max_concurrent_runs` executing here, none once the server
 * is stopping; the client's own tools checked against the server's; the run and its Idempotency-Key claimed together.
 */
import type { Config } from "../../config/schema.js";
import type { NewRun, RunRecord, SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { FunctionTool } from "../../kernel/chat.js";
import { DomainError } from "../../kernel/errors.js";
import { requireConfiguredModel } from "../shared/configured-model.js";
import { resolveSessionSettings, type SessionSettings } from "../shared/session-settings.js";
import type { Caller } from "../shared/owner-scope.js";
import type { IdempotencyClaim } from "./idempotency-claim.js";
import type { RunTable } from "./run-table.js";

/** Seconds a client told `429 too_many_runs` should wait before trying again. */
const RETRY_AFTER_S = 2;

export class RunAdmission {
  constructor(
    private readonly config: Config,
    private readonly store: Store,
    private readonly table: RunTable,
  ) {}

  /** Whether a run may start on the session now; answers with the model it will use and the session's settings. */
  async admit(session: SessionRecord): Promise<{ model: string; settings: SessionSettings }> {
    const { config } = this;
    const sessionId = session.id;
    if (!this.table.accepting)
      throw new DomainError(
        "shutting_down",
        "the server is shutting down and accepts no new runs; retry once it is back",
      );
    const executing = this.table.executing.get(sessionId);
    if (executing) throw this.busy(sessionId, { id: executing.runId, status: "running" } as RunRecord);
    // A run of this session waiting on this replica holds it too; one waiting or running on another replica is found
    // when the run is stored (createRun), without a read on every turn.
    const waiting = this.table.waiting.get(sessionId);
    if (waiting) throw this.busy(sessionId, { id: waiting, status: "requires_action" } as RunRecord);
    const limit = config.server.max_concurrent_runs;
    if (this.table.executing.size >= limit) {
      throw new DomainError(
        "too_many_runs",
        `${limit} runs are already in progress (server.max_concurrent_runs); retry in a few seconds`,
        { retryAfterS: RETRY_AFTER_S },
      );
    }
    const settings = resolveSessionSettings(config, session);
    return { model: requireConfiguredModel(config, settings.model), settings };
  }

  /**
   * Holds the caller's key to its `concurrent_runs`, counting its runs running or waiting on every replica; called in
   * the transaction that stores the run, under a lock on the key, so two replicas cannot both take the last place.
   */
  async checkKeyRuns(caller: Caller): Promise<void> {
    const limit = caller.limits?.concurrent_runs;
    if (limit === undefined || caller.key_id === null) return;
    await this.store.sessions.lockName(`key-runs:${caller.key_id}`);
    const active = await this.store.runs.activeCountOfKey(caller.key_id);
    if (active < limit) return;
    throw new DomainError(
      "too_many_runs",
      `the API key ${caller.key_id} has ${active} runs in progress, its limit (concurrent_runs ${limit}); retry when ` +
        `one ends`,
      { retryAfterS: RETRY_AFTER_S, details: { limit, limit_name: "concurrent_runs", active } },
    );
  }

  /**
   * Stores a new run. The session's one-active-run index refuses it when another replica started or paused a run on
   * the session meanwhile: that is the same busy session the in-memory checks answer for this replica's own runs.
   */
  async createRun(run: NewRun): Promise<RunRecord> {
    const created = await this.store.runs.create(run);
    if (created) return created;
    const active = await this.store.runs.activeForSession(run.session_id);
    throw this.busy(run.session_id, active ?? ({ id: "unknown", status: "running" } as RunRecord));
  }

  /**
   * Records the key for the run, inside the run's first transaction. The HTTP layer holds the key for this request; a
   * live row of another request can still be there when it took the key over meanwhile, and then this request must
   * not run (throwing rolls the run and its user message back).
   */
  async claimKey(claim: IdempotencyClaim, runId: string, now: number): Promise<void> {
    const { scope, key, requestHash, ttlMs, holder } = claim;
    const claimed = await this.store.idempotency.claimForRun({ scope, key, requestHash, runId, holder }, now, ttlMs);
    if (!claimed) throw claim.heldElsewhere();
  }

  /** A client tool may not take the name of one of the server's tools, nor be declared twice. */
  checkClientTools(tools: FunctionTool[], serverNames: string[], fromRequest: number): void {
    const offset = tools.length - fromRequest;
    const seen = new Set<string>();
    const fields = tools.flatMap((tool, i) => {
      const name = tool.function.name;
      const path =
        i >= offset
          ? ["tools", i - offset, "function", "name"]
          : ["config", "agent", "client_tools", i, "function", "name"];
      const clash = serverNames.includes(name)
        ? `${name} is one of the server's tools; give the client tool another name`
        : seen.has(name)
          ? `${name} is declared twice`
          : null;
      seen.add(name);
      return clash ? [{ path, message: clash }] : [];
    });
    if (fields.length) throw new DomainError("validation_failed", fields.map((f) => f.message).join("; "), { fields });
  }

  private busy(sessionId: string, active: RunRecord): DomainError {
    if (active.status === "requires_action")
      return new DomainError(
        "session_busy",
        `session ${sessionId} has a run waiting for an answer (${active.id}); answer its interrupts (GET /v1/sessions/${sessionId}/interrupts) or cancel it (POST /v1/runs/${active.id}/cancel)`,
        { details: { run_id: active.id } },
      );
    return new DomainError(
      "session_busy",
      `session ${sessionId} is already running an agent; wait for that run to finish (watch GET /v1/sessions/${sessionId}/events)`,
      { details: { run_id: active.id } },
    );
  }
}
