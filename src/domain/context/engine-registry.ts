/**
 * @module engine-registry
 * The context engines a session may name — the built-in `compressor`, engines registered in code, and plugins under
 * `context.plugins_dir`, imported only once named — and the start-up checks of the context configuration.
 */
import { existsSync, readdirSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, type Config } from "../../config/schema.js";
import { contextLengthFor } from "../shared/context-windows.js";
import type { Logger } from "../../logger.js";
import { computeThresholdTokens, hasDistinctSummaryModel, summaryModelWindow } from "../shared/budgets.js";
import { COMPRESSOR_ENGINE_NAME, ContextCompressor } from "./compressor/compressor.js";
import { ENGINE_NAME_PATTERN, type ContextEngine, type EngineFactory, type EngineFactoryContext } from "./engine.js";

const PLUGIN_ENTRY_FILES = ["index.mjs", "index.js"];
/** Summary models with a smaller window cannot hold a useful compacted span (SPEC §5.7). */
export const SUMMARY_MODEL_MIN_WINDOW_TOKENS = 64_000;
const REQUIRED_ENGINE_METHODS = ["compress", "shouldCompress", "updateFromResponse"] as const;

function isClass(value: unknown): value is new (context: EngineFactoryContext) => ContextEngine {
  return typeof value === "function" && /^class[\s{]/.test(Function.prototype.toString.call(value));
}

function assertEngineShape(engine: unknown, name: string): asserts engine is ContextEngine {
  const candidate = engine as Record<string, unknown> | null;
  const missing = REQUIRED_ENGINE_METHODS.filter((method) => typeof candidate?.[method] !== "function");
  if (!candidate || missing.length) {
    throw new Error(`context engine "${name}" does not implement ${missing.join(", ") || "the engine interface"}`);
  }
}

/** `child` is `root` itself or lies below it (both already resolved). */
function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * The context engines this server knows: `compressor` built in, any registered programmatically, and
 * the plugins of `context.plugins_dir/<name>/` — each imported only when a configuration names it
 * (`context.engine`, or a session's `config.engine`), because importing a module runs its code inside
 * the server. A folder nobody names is never imported. Registering never activates an engine either;
 * a session uses one only when its configuration names it.
 */
export class ContextEngineRegistry {
  private readonly factories = new Map<string, EngineFactory>();
  /** Imports under way, so concurrent requests naming the same plugin import it once. */
  private readonly loading = new Map<string, Promise<void>>();
  private readonly pluginsDir: string | null;

  /** `pluginsDir` is `context.plugins_dir`; without one only built-in and registered engines exist. */
  constructor(pluginsDir: string | null = null) {
    this.pluginsDir = pluginsDir === null ? null : resolve(pluginsDir);
    this.factories.set(COMPRESSOR_ENGINE_NAME, (context) => new ContextCompressor(context, context.summarizer));
  }

  register(name: string, factoryOrClass: EngineFactory | (new (context: EngineFactoryContext) => ContextEngine)): void {
    if (!ENGINE_NAME_PATTERN.test(name))
      throw new ConfigError(`context engine name "${name}" must be 1–64 letters, digits, dots, dashes or underscores`);
    if (name === COMPRESSOR_ENGINE_NAME)
      throw new ConfigError(`"${COMPRESSOR_ENGINE_NAME}" is the built-in engine; give the plugin another name`);
    const factory: EngineFactory = isClass(factoryOrClass) ? (context) => new factoryOrClass(context) : factoryOrClass;
    this.factories.set(name, factory);
  }

  /** Registered (built in, programmatic, or a plugin already imported): ready to build. */
  has(name: string): boolean {
    return this.factories.has(name);
  }

  /** A plugin folder of that name holds an entry file, so naming it can import it. Nothing is imported here. */
  isInstalled(name: string): boolean {
    return this.pluginEntry(name) !== null;
  }

  /** Every name a configuration may give: the registered engines (built-in first), then installed plugins not imported yet. */
  names(): string[] {
    const installed = this.installedPlugins().filter((name) => !this.factories.has(name));
    return [...this.factories.keys(), ...installed];
  }

  create(name: string, context: EngineFactoryContext): ContextEngine {
    const factory = this.factories.get(name);
    if (!factory) throw new Error(`unknown context engine "${name}"`);
    const engine = factory(context);
    assertEngineShape(engine, name);
    return engine;
  }

  /**
   * Builds the engine once for a session-less check (no model is called) and says what is wrong
   * with it, or null: a plugin that throws in its constructor or lacks a required method is caught
   * when it is named, not on its first compression.
   */
  problemWith(name: string, config: Config): string | null {
    const contextLength = contextLengthFor(config.model.name, config.model.context_length);
    const probe: EngineFactoryContext = {
      sessionId: "engine-check",
      model: config.model.name,
      contextLength,
      thresholdTokens: computeThresholdTokens(contextLength, config.compression),
      compressionCount: 0,
      lastPromptTokens: 0,
      compression: config.compression,
      previousSummary: null,
      previousAnchors: () => Promise.resolve([]),
      summarizer: {
        summarize: () => Promise.resolve({ ok: false, abort: true, reason: "engine check: no model is called" }),
      },
      now: Date.now,
    };
    try {
      this.create(name, probe);
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  /**
   * Imports and registers the plugin `name` names, once; nothing to do when it is registered already or
   * not installed (the caller's `has` check then reports an unknown engine). A plugin that fails to
   * import, exports no engine, or resolves (through a symbolic link) outside the plugins folder is a
   * `ConfigError` saying so.
   */
  async load(name: string): Promise<void> {
    if (this.factories.has(name)) return;
    const entry = this.pluginEntry(name);
    if (!entry) return;
    const inFlight = this.loading.get(name);
    if (inFlight) return inFlight;
    const importing = this.importPlugin(name, entry.root, entry.file).finally(() => this.loading.delete(name));
    this.loading.set(name, importing);
    return importing;
  }

  private async importPlugin(name: string, root: string, entry: string): Promise<void> {
    // The folder name is pattern-checked, but a link inside the folder could still point anywhere.
    const real = realpathSync(entry);
    if (!isInside(realpathSync(root), real)) {
      throw new ConfigError(
        `context engine plugin ${entry} resolves to ${real}, outside context.plugins_dir; copy the plugin into the folder instead of linking to it`,
      );
    }
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(real).href)) as Record<string, unknown>;
    } catch (err) {
      throw new ConfigError(`context engine plugin ${entry} failed to load: ${(err as Error).message}`);
    }
    const exported = module.default ?? module.createEngine ?? module.Engine;
    if (typeof exported !== "function") {
      throw new ConfigError(
        `context engine plugin ${entry} must export an engine class or factory (default export, createEngine or Engine)`,
      );
    }
    this.register(name, exported as EngineFactory);
  }

  /** `<plugins_dir>/<name>/index.(m)js` when the name is a plain folder name and the file exists, else null. */
  private pluginEntry(name: string): { root: string; file: string } | null {
    const root = this.pluginsDir;
    if (root === null || !ENGINE_NAME_PATTERN.test(name) || name === COMPRESSOR_ENGINE_NAME) return null;
    const folder = resolve(root, name);
    if (relative(root, folder) !== name) return null;
    const file = PLUGIN_ENTRY_FILES.map((entry) => join(folder, entry)).find((entry) => existsSync(entry));
    return file ? { root, file } : null;
  }

  private installedPlugins(): string[] {
    if (this.pluginsDir === null || !existsSync(this.pluginsDir)) return [];
    return readdirSync(this.pluginsDir)
      .filter((name) => this.pluginEntry(name) !== null)
      .sort();
  }
}

/**
 * Imports the plugins the configuration names at start-up: `context.engine` (a failure stops the
 * start, as a bad key does) and the engines stored sessions name, so they keep working after a
 * restart (a failure there is logged; that session reports it when its engine is next used).
 */
export async function loadNamedPlugins(
  registry: ContextEngineRegistry,
  config: Config,
  sessionEngines: Iterable<string>,
  logger: Logger,
): Promise<void> {
  await registry.load(config.context.engine);
  for (const name of sessionEngines) {
    if (name === config.context.engine) continue;
    try {
      await registry.load(name);
    } catch (err) {
      logger.warn(
        { engine: name, err: (err as Error).message },
        "a context engine plugin named by stored sessions failed to load",
      );
    }
  }
}

/** Start-up checks of the context configuration; a failure names the key and what to do. */
export function assertContextConfig(config: Config, registry: ContextEngineRegistry): void {
  if (!registry.has(config.context.engine)) {
    throw new ConfigError(
      `context.engine: unknown engine "${config.context.engine}"; available: ${registry.names().join(", ")} ` +
        `(plugins are loaded from context.plugins_dir = ${config.context.plugins_dir}/<name>/index.js)`,
    );
  }
  const problem = registry.problemWith(config.context.engine, config);
  if (problem) {
    throw new ConfigError(
      `context.engine: the "${config.context.engine}" engine cannot be used: ${problem}; fix or remove the plugin, or name another engine`,
    );
  }
  if (!hasDistinctSummaryModel(config)) return;
  const window = summaryModelWindow(config);
  if (window < SUMMARY_MODEL_MIN_WINDOW_TOKENS) {
    throw new ConfigError(
      `auxiliary.compression: the summary model's window is ${window} tokens, under the ${SUMMARY_MODEL_MIN_WINDOW_TOKENS} needed; ` +
        "choose a summary model with a larger window or set auxiliary.compression.context_length",
    );
  }
}
