import type { Config } from "./config.js";
import { AgentRunner } from "./domain/agent/runner.js";
import { ToolRegistry } from "./domain/agent/tool-registry.js";
import type { ToolProvider } from "./domain/agent/tools.js";
import type { Store } from "./db/store.js";
import { BrowserRegistry } from "./domain/browser/registry.js";
import { ContextReader } from "./domain/context/context-reader.js";
import { SessionContextManager } from "./domain/context/context-manager.js";
import { ContextEngineRegistry, assertContextConfig, loadNamedPlugins } from "./domain/context/engine-registry.js";
import { applyPromptCaching } from "./domain/context/prompt-caching.js";
import { EventBus } from "./domain/events/bus.js";
import { LlmClients } from "./domain/llm/client.js";
import { Readiness } from "./domain/readiness.js";
import { MessageService } from "./domain/sessions/messages.js";
import { SessionService } from "./domain/sessions/service.js";
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
  /** Read-only views of a session's context (active context, summaries, anchors, search). */
  context: ContextReader;
  readiness: Readiness;
  llm: LlmClients;
  /** The supervised browsers, one per session that uses one. */
  browsers: BrowserRegistry;
  /** The known context engines (built in, plugins, registered programmatically). */
  engines: ContextEngineRegistry;
  /** Runs the session's context engine and persists its compressions. */
  contextManager: SessionContextManager;
  /** Sources of the tools the agent offers the model (context engine, browser). */
  toolProviders: ToolProvider[];
  /** The tools of every provider, per session. */
  tools: ToolRegistry;
  /** Admits, runs, cancels and interrupts agent runs. */
  agent: AgentRunner;
  sseKeepaliveMs: number;
  /** Recovers state left by a previous process (runs still marked running, …). */
  startup(): Promise<void>;
  /** Stops background work (runs, browsers, timers) before the database closes. */
  shutdown(): Promise<void>;
};

export function createServices(deps: AppDeps): Services {
  const now = deps.now ?? Date.now;
  const { config, store, logger } = deps;
  const events = new EventBus(store.events, now);
  const engines = new ContextEngineRegistry(config.context.plugins_dir);
  const browsers = new BrowserRegistry({ config, store, events, logger, now });
  const sessions: SessionService = new SessionService({
    config,
    store,
    now,
    engines,
    browsers,
    events,
    runs: (): AgentRunner => agent,
    engineLifecycle: (): SessionContextManager => contextManager,
  });
  const transcript = new Transcript(store, now);
  const messages = new MessageService(config, sessions, transcript);
  const llm = new LlmClients();
  const contextManager: SessionContextManager = new SessionContextManager({
    config,
    store,
    logger,
    now,
    llm,
    events,
    engines,
    isRunInProgress: (sessionId: string): boolean => agent.isBusy(sessionId),
  });
  const toolProviders: ToolProvider[] = [contextManager, browsers];
  const tools = new ToolRegistry(() => toolProviders);
  const agent: AgentRunner = new AgentRunner({
    config,
    store,
    events,
    transcript,
    sessions,
    llm,
    logger,
    now,
    tools,
    contextManager: () => contextManager,
    prepareMessages: (model, chatMessages) =>
      applyPromptCaching(chatMessages, { model, ttl: config.prompt_caching.cache_ttl }),
  });
  const services: Services = {
    config,
    store,
    logger,
    now,
    events,
    sessions,
    transcript,
    messages,
    context: new ContextReader(config, store, sessions),
    readiness: new Readiness(config, store),
    llm,
    browsers,
    engines,
    contextManager,
    toolProviders,
    tools,
    agent,
    sseKeepaliveMs: deps.sseKeepaliveMs ?? SSE_KEEPALIVE_MS,
    startup: async () => {
      // Only plugins a configuration names are imported: importing runs the plugin's code in this process.
      await loadNamedPlugins(engines, config, sessions.engineNamesInUse(), logger);
      assertContextConfig(config, engines);
      deps.store.idempotency.purgeExpired(now());
      const interrupted = agent.recoverInterrupted();
      if (interrupted > 0)
        logger.warn({ runs: interrupted }, "runs left running by the previous process were marked interrupted");
    },
    shutdown: async () => {
      await agent.shutdown();
      await browsers.stopAll();
      events.endAll();
    },
  };
  messages.setRunStarter(async (sessionId, message, options) => {
    const { stream: feed, signal, idempotency } = options;
    const started = idempotency?.priorRunId
      ? agent.replay(idempotency.priorRunId, { feed })
      : agent.start(sessionId, message, { feed, signal, idempotency });
    if (started.feed) return { kind: "stream", runId: started.runId, feed: started.feed };
    const finished = await started.done;
    return { kind: "ran", messages: finished.messages, run: finished.run };
  });
  return services;
}
