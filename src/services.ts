/**
 * @module services
 * Builds every object of the domain once per app, in dependency order: each is handed what it needs, already
 * built. The use cases — the only code that spans capabilities — are bound here to the objects they use.
 */
import type { Config } from "./config/schema.js";
import type { Store } from "./db/store.js";
import { AgentRunner } from "./domain/agent/runner.js";
import type { RunReader } from "./domain/agent/run-reader.js";
import { ToolRegistry } from "./domain/agent/tool-registry.js";
import type { ToolProvider } from "./domain/shared/tools.js";
import { BrowserService } from "./domain/browser/browser-service.js";
import { DialogHistory } from "./domain/browser/dialog-history.js";
import { SupervisorRegistry } from "./domain/browser/supervisor-registry.js";
import { CompressionStore } from "./domain/context/compression-store.js";
import { CompressionTriggers } from "./domain/context/compression-triggers.js";
import { Compressions } from "./domain/context/compressions.js";
import { ContextReader } from "./domain/context/context-reader.js";
import { ContextTools } from "./domain/context/context-tools.js";
import { ContextEngineRegistry, assertContextConfig, loadNamedPlugins } from "./domain/context/engine-registry.js";
import { EngineSessions } from "./domain/context/engine-session.js";
import { applyPromptCaching } from "./domain/context/prompt-caching.js";
import { ToolImagesView } from "./domain/context/tool-images-view.js";
import { EventBus } from "./domain/events/bus.js";
import { GuardAudit } from "./domain/audit/guard-audit.js";
import { Guard } from "./domain/guard/guard.js";
import { LlmClients } from "./domain/llm/client.js";
import { ModelRouter } from "./domain/llm/model-router.js";
import { ServerMetrics } from "./telemetry/metrics.js";
import { InspectorSignIn } from "./domain/inspector/sign-in.js";
import { McpService } from "./domain/mcp/mcp-service.js";
import { Readiness } from "./domain/readiness.js";
import type { BrowserOwnership } from "./domain/replicas/browser-ownership.js";
import { wireReplicas } from "./domain/replicas/replica-wiring.js";
import { ReplicaHeartbeat } from "./domain/replicas/replica-heartbeat.js";
import { SessionService } from "./domain/sessions/service.js";
import { visionFor } from "./domain/shared/session-settings.js";
import { Transcript } from "./domain/transcript/transcript.js";
import { bindUseCases, type UseCases } from "./domain/use-cases/bind.js";
import type { Logger } from "./logger.js";
import { createAccessServices, type AccessServices } from "./access-services.js";
import { createMemoryServices, type MemoryServices } from "./memory-services.js";
import { createJobServices, type JobServices } from "./jobs-services.js";

/** Default interval of SSE keepalive comments. */
const SSE_KEEPALIVE_MS = 15_000;

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
  /** Read-only views of a session's context (active context, summaries, anchors, search). */
  context: ContextReader;
  readiness: Readiness;
  models: ModelRouter;
  metrics: ServerMetrics;
  /** What clients and the agent do with a session's browser. */
  browsers: BrowserService;
  /** The supervised browsers, one per session that uses one. */
  supervisors: SupervisorRegistry;
  /** The known context engines (built in, plugins, registered programmatically). */
  engines: ContextEngineRegistry;
  /** Each session's context engine, opened on demand, and its lifecycle hooks. */
  engineSessions: EngineSessions;
  /** Compresses a session's context, one compression at a time per session. */
  compressions: Compressions;
  /** Where a run compresses: before it starts and after each model response. */
  compressionTriggers: CompressionTriggers;
  /** The operator's MCP servers: started on demand, their tools offered to the sessions that use them. */
  mcp: McpService;
  /** Sources of the tools the agent offers the model (context engine, browser, MCP servers); read on every run. */
  toolProviders: ToolProvider[];
  /** The tools of every provider, per session. */
  tools: ToolRegistry;
  /** The prompt-injection guard: its decision log (`guard.decisions`, where an audit log adds a sink), private values. */
  guard: Guard;
  /** Admits, runs, cancels and interrupts agent runs. */
  agent: AgentRunner;
  /** Runs as clients read them (the agent's reader). */
  runs: RunReader;
  useCases: UseCases;
  sseKeepaliveMs: number;
  /** The inspector page's sign-in (the API key exchanged for a cookie). */
  inspectorSignIn: InspectorSignIn;
  /** This replica's heartbeat, and the take-over of replicas whose lease ran out. */
  heartbeat: ReplicaHeartbeat;
  /** Which replica holds each session's browser. */
  browserOwnership: BrowserOwnership;
  /** Recovers state left by a previous process (runs still marked running, …). */
  startup(): Promise<void>;
  /** Stops background work (runs, browsers, MCP servers, timers) before the database closes. */
  shutdown(): Promise<void>;
} & AccessServices &
  MemoryServices &
  JobServices;

export function createServices(deps: AppDeps): Services {
  const now = deps.now ?? Date.now;
  const { config, store, logger } = deps;
  const events = new EventBus(store.events, now, store.announcements ?? null);
  // What nearly every object is given; each takes the part of it that it names.
  const base = { config, store, events, logger, now };
  const { startup: startAccess, stop: stopAccess, ...access } = createAccessServices(base);
  const memory = createMemoryServices(base);
  const engines = new ContextEngineRegistry(config.context.plugins_dir);
  const dialogHistory = new DialogHistory({ store, events, logger });
  const supervisors = new SupervisorRegistry({ ...base, dialogHistory });
  const metrics = new ServerMetrics({ events, browsers: supervisors, interrupts: store.interrupts });
  access.meter.onRecorded((call) => metrics.costRecorded(call));
  const models = new ModelRouter({ config, clients: new LlmClients(), now, observer: metrics });
  const browsers = new BrowserService({ ...base, supervisors, dialogHistory });
  const sessions = new SessionService({ ...base, engines, browsers: supervisors, memory: memory.memorySnapshots });
  const transcript = new Transcript(store, now);
  const engineSessions = new EngineSessions({ ...base, models, engines, meter: access.meter });
  const compressions = new Compressions({
    ...base,
    engineSessions,
    compressionStore: new CompressionStore(store, now),
  });
  const compressionTriggers = new CompressionTriggers({ store, now, engineSessions, compressions });
  const mcp = new McpService({ config, logger });
  const { replicaId, browserOwnership, browserSettingsChanged, browserTools } = wireReplicas({ ...base, browsers });
  const contextTools = new ContextTools({ config, store, engineSessions, transcript });
  const toolProviders: ToolProvider[] = [contextTools, memory.memoryTools, browserTools, mcp];
  const tools = new ToolRegistry(toolProviders);
  const toolImages = new ToolImagesView(store);
  const guard = new Guard({ ...base, browser: browsers.guardFacts });
  guard.decisions.addSink(new GuardAudit(store, access.audit));
  const agent = new AgentRunner({
    ...base,
    transcript,
    sessions,
    models,
    tools,
    replicaId,
    guard,
    compression: compressionTriggers,
    meter: access.meter,
    prepareMessages: async (sessionId, model, chatMessages) =>
      applyPromptCaching(await toolImages.forModel(sessionId, visionFor(config, model), chatMessages), {
        model,
        ttl: config.prompt_caching.cache_ttl,
      }),
  });
  const heartbeat = new ReplicaHeartbeat({
    ...{ ...base, recovery: agent.recovery, replicaId },
    ...{ internalUrl: config.server.internal_url, leaseTtlMs: config.server.lease_ttl_ms },
    // One process owns a SQLite file: every other replica recorded in it is a previous process, gone.
    soleReplica: store.topology === "sole",
  });
  const bound = { sessions, transcript, agent, engineSessions, supervisors, compressions, browsers, mcp };
  const { startJobs, stopJobs, ...jobs } = createJobServices({ ...base, ...access, ...bound, metrics });
  const useCases = bindUseCases({ ...base, ...bound, browserSettingsChanged, meter: access.meter });
  return {
    inspectorSignIn: new InspectorSignIn({ store, apiKey: config.server.api_key, now, keys: access.keys }),
    ...{ ...access, ...memory, ...jobs },
    ...{ config, store, logger, now, events, sessions, transcript, heartbeat, browserOwnership, browsers },
    ...{ supervisors, engines, engineSessions, compressions, compressionTriggers, mcp, toolProviders, tools, guard },
    context: new ContextReader(config, store, sessions, transcript),
    readiness: new Readiness(config, store, heartbeat, models),
    ...{ models, metrics },
    ...{ agent, runs: agent.reader, useCases },
    sseKeepaliveMs: deps.sseKeepaliveMs ?? SSE_KEEPALIVE_MS,
    startup: async () => {
      // Only plugins a configuration names are imported: importing runs the plugin's code in this process.
      await loadNamedPlugins(engines, config, await sessions.engineNamesInUse(), logger);
      assertContextConfig(config, engines);
      await store.idempotency.purgeExpired(now());
      await startAccess();
      const interrupted = await agent.recovery.recoverInterrupted();
      if (interrupted > 0)
        logger.warn({ runs: interrupted }, "runs left running by the previous process were marked interrupted");
      await heartbeat.start();
      startJobs();
    },
    shutdown: async () => {
      stopAccess();
      await stopJobs();
      await agent.shutdown();
      await heartbeat.stop();
      await Promise.all([supervisors.stopAll(), mcp.close()]);
      events.endAll();
      metrics.close();
    },
  };
}
