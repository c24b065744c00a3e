/**
 * @module compress-session
 * A compression a client asked for (POST /compress): never blocked by anti-thrashing, but refused while an agent
 * runs on the session — a run compresses at its own safe points, and compacting under it could split a tool call
 * from its result. A dry run changes nothing, so it may run at any time.
 */
import { DomainError } from "../../kernel/errors.js";
import type { AgentRunner } from "../agent/runner.js";
import type { Compressions } from "../context/compressions.js";
import type { CompressOutcome } from "../shared/compression.js";
import type { ModelCallMeter } from "../shared/metering.js";
import type { Caller } from "../shared/owner-scope.js";

export type CompressSessionDeps = { agent: AgentRunner; compressions: Compressions; meter?: ModelCallMeter };

export type CompressSessionInput = {
  focusTopic: string | null;
  dryRun: boolean;
  signal?: AbortSignal;
  /** Who asks: the summary's model call is counted for its key. */
  caller?: Caller;
};

export async function compressSession(
  deps: CompressSessionDeps,
  sessionId: string,
  input: CompressSessionInput,
): Promise<CompressOutcome> {
  // A run on any replica, executing or waiting, holds the session.
  if (!input.dryRun && (await deps.agent.reader.activeRunOf(sessionId)) !== null) {
    throw new DomainError(
      "session_busy",
      `session ${sessionId} is running an agent, which compresses when it needs to; retry when the run ends`,
    );
  }
  const { caller, ...options } = input;
  const work = () => deps.compressions.compress(sessionId, { trigger: "manual", ...options });
  return deps.meter ? deps.meter.within({ run_id: null, key_id: caller?.key_id ?? null }, work) : work();
}
