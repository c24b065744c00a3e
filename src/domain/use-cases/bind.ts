/**
 * @module bind
 * The use cases as routes call them: each one's first parameter (what it needs) bound to the app's objects once, so a
 * route passes only the request's values. Adding a use case is one line in USE_CASES; its bound signature follows.
 */
import type { Config } from "../../config/schema.js";
import type { Store } from "../../db/store.js";
import type { AgentRunner } from "../agent/runner.js";
import type { BrowserService } from "../browser/browser-service.js";
import type { SupervisorRegistry } from "../browser/supervisor-registry.js";
import type { Compressions } from "../context/compressions.js";
import type { EngineSessions } from "../context/engine-session.js";
import type { EventBus } from "../events/bus.js";
import type { McpService } from "../mcp/mcp-service.js";
import type { SessionService } from "../sessions/service.js";
import type { Transcript } from "../transcript/transcript.js";
import type { ModelCallMeter } from "../shared/metering.js";
import { compressSession } from "./compress-session.js";
import { createResponse, deleteResponse, readResponse, viewOf } from "./create-response.js";
import { createSession } from "./create-session.js";
import { deleteSession } from "./delete-session.js";
import { forkSession } from "./fork-session.js";
import { answerInterrupt, listInterrupts } from "./interrupts.js";
import { postMessage } from "./post-message.js";
import { startChatRun } from "./start-chat-run.js";
import { submitRun } from "./submit-run.js";
import { listToolsets } from "./toolsets.js";
import { updateSession } from "./update-session.js";

/** Everything a use case may be given: each takes the part of it that it names. */
export type UseCaseDeps = {
  config: Config;
  store: Store;
  sessions: SessionService;
  transcript: Transcript;
  agent: AgentRunner;
  engineSessions: EngineSessions;
  supervisors: SupervisorRegistry;
  compressions: Compressions;
  browsers: BrowserService;
  mcp: McpService;
  events: EventBus;
  now: () => number;
  /** Records model calls (a compression asked for counts for the caller's key). */
  meter?: ModelCallMeter;
  /** With several replicas: tells the one holding the session's browser, if another, that its settings changed. */
  browserSettingsChanged?: (sessionId: string) => Promise<void>;
};

const USE_CASES = {
  createSession,
  updateSession,
  deleteSession,
  postMessage,
  compressSession,
  startChatRun,
  submitRun,
  createResponse,
  readResponse,
  viewResponse: viewOf,
  deleteResponse,
  forkSession,
  listInterrupts,
  answerInterrupt,
  listToolsets,
} satisfies Record<string, (deps: UseCaseDeps, ...args: never[]) => Promise<unknown>>;

/** A use case without its first parameter. */
type Bound<F> = F extends (deps: never, ...args: infer A) => infer R ? (...args: A) => R : never;

/** The use cases, each bound to what it needs; routes call these for anything that spans capabilities. */
export type UseCases = { [K in keyof typeof USE_CASES]: Bound<(typeof USE_CASES)[K]> };

export function bindUseCases(deps: UseCaseDeps): UseCases {
  const bound: Record<string, unknown> = {};
  for (const [name, useCase] of Object.entries(USE_CASES) as [string, (d: UseCaseDeps, ...a: never[]) => unknown][])
    bound[name] = (...args: never[]) => useCase(deps, ...args);
  return bound as UseCases;
}
