import type { Config } from "./config.js";
import { AgentRunner } from "./domain/agent/runner.js";
import { ToolRegistry } from "./domain/agent/tool-registry.js";
import type { ToolProvider } from "./domain/agent/tools.js";
import type { Store } from "./db/store.js";
import { buildContextView, type ContextView } from "./domain/context/context-view.js";
import type { ContextManager } from "./domain/context/manager.js";
import { EventBus } from "./domain/events/bus.js";
import { LlmClients } from "./domain/llm/client.js";
import { Readiness } from "./domain/readiness.js";
import { MessageService } from "./domain/sessions/messages.js";
import { SessionService, type EngineNames } from "./domain/sessions/service.js";
import { Transcript } from "./domain/sessions/transcript.js";
import { SSE_KEEPALIVE_MS } from "./http/sse.js";
import type { Logger } from "./logger.js";

export type AppDeps = {
  config: Config;
  store: Store;
  logger: Logger;
  now?: () => number;
  /** Interval of SSE keepalive comments (default 15 s); tests shorten it. */
  sseKeepaliveMs?: number;
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
  /** Sources of the tools the agent offers the model (context engine, browser). */
  toolProviders: ToolProvider[];
  /** The session's context engine, when one is wired: pre-flight and real-usage compression. */
  contextManager?: ContextManager;
  /** The tools of every provider (and of the context manager), per session. */
  tools: ToolRegistry;
  /** Admits, runs, cancels and interrupts agent runs. */
  agent: AgentRunner;
  sseKeepaliveMs: number;
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
  const sessions = new SessionService({ config, store, now, engines: BUILT_IN_ENGINES });
  const transcript = new Transcript(store, now);
  const messages = new MessageService(config, sessions, transcript);
  const llm = new LlmClients();
  // Providers and the context manager are attached after wiring (by the browser and context modules).
  let services: Services | null = null;
  const contextManager = () => services?.contextManager;
  const toolProviders: ToolProvider[] = [];
  const tools = new ToolRegistry(() => {
    const cm = contextManager();
    return cm ? [...toolProviders, cm] : toolProviders;
  });
  const agent = new AgentRunner({
    config,
    store,
    events,
    transcript,
    sessions,
    llm,
    logger,
    now,
    tools,
    contextManager,
    prepareMessages: (_model, chatMessages) => chatMessages,
  });
  services = {
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
    llm,
    toolProviders,
    tools,
    agent,
    sseKeepaliveMs: deps.sseKeepaliveMs ?? SSE_KEEPALIVE_MS,
    startup: async () => {
      deps.store.idempotency.purgeExpired(now());
      const interrupted = agent.recoverInterrupted();
      if (interrupted > 0) logger.warn({ runs: interrupted }, "runs left running by the previous process were marked interrupted");
    },
    shutdown: async () => {
      await agent.shutdown();
    },
  };
  messages.setRunStarter(async (sessionId, message, options) => {
    const started = agent.start(sessionId, message, { feed: options.stream, signal: options.signal });
    if (started.feed) return { kind: "stream", runId: started.runId, feed: started.feed };
    const finished = await started.done;
    return { kind: "ran", messages: finished.messages, run: finished.run };
  });
  return services;
}
