import type { Config } from "./config.js";
import type { ToolProvider } from "./domain/agent/tools.js";
import type { Store } from "./db/store.js";
import { BrowserRegistry } from "./domain/browser/registry.js";
import { buildContextView, type ContextView } from "./domain/context/context-view.js";
import { EventBus } from "./domain/events/bus.js";
import { LlmClients } from "./domain/llm/client.js";
import { Readiness } from "./domain/readiness.js";
import { MessageService } from "./domain/sessions/messages.js";
import { SessionService, type EngineNames } from "./domain/sessions/service.js";
import { Transcript } from "./domain/sessions/transcript.js";
import type { Logger } from "./logger.js";

export type AppDeps = {
  config: Config;
  store: Store;
  logger: Logger;
  now?: () => number;
};

/** The domain services, wired once per app. Routes reach them through `c.get("services")`. */
export type Services = {
  config: Config;
  store: Store;
  logger: Logger;
  now: () => number;
  events: EventBus;
  sessions: SessionService;
  transcript: Transcript;
  messages: MessageService;
  context: { view(sessionId: string): ContextView };
  readiness: Readiness;
  llm: LlmClients;
  /** The supervised browsers, one per session that uses one. */
  browsers: BrowserRegistry;
  /** Sources of the tools the agent offers the model (context engine, browser). */
  toolProviders: ToolProvider[];
  /** Recovers state left by a previous process (runs still marked running, …). */
  startup(): Promise<void>;
  /** Stops background work (runs, browsers, timers) before the database closes. */
  shutdown(): Promise<void>;
};

const BUILT_IN_ENGINES: EngineNames = { has: (name) => name === "compressor", names: () => ["compressor"] };

export function createServices(deps: AppDeps): Services {
  const now = deps.now ?? Date.now;
  const { config, store, logger } = deps;
  const events = new EventBus(store.events, now);
  const browsers = new BrowserRegistry({ config, store, events, logger, now });
  const sessions = new SessionService({ config, store, now, engines: BUILT_IN_ENGINES, browsers });
  const transcript = new Transcript(store, now);
  const messages = new MessageService(config, sessions, transcript);
  return {
    config,
    store,
    logger,
    now,
    events,
    sessions,
    transcript,
    messages,
    context: { view: (sessionId) => buildContextView(config, store, sessions.require(sessionId)) },
    readiness: new Readiness(config, store),
    llm: new LlmClients(),
    browsers,
    toolProviders: [browsers],
    startup: async () => {
      deps.store.idempotency.purgeExpired(now());
    },
    shutdown: async () => {
      await browsers.stopAll();
    },
  };
}
