import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, contextLengthFor, type Config } from "../../config.js";
import { computeThresholdTokens, hasDistinctSummaryModel, summaryModelWindow } from "./budgets.js";
import type { EngineNames } from "../sessions/service.js";
import { COMPRESSOR_ENGINE_NAME, ContextCompressor } from "./compressor/compressor.js";
import type { ContextEngine, EngineFactory, EngineFactoryContext } from "./engine.js";

const PLUGIN_ENTRY_FILES = ["index.mjs", "index.js"];
const ENGINE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
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

/**
 * The context engines this server knows: `compressor` built in, plugins from
 * `context.plugins_dir/<name>/`, and any registered programmatically. Registering never activates
 * an engine; a session uses one only when its configuration names it.
 */
export class ContextEngineRegistry implements EngineNames {
  private readonly factories = new Map<string, EngineFactory>();

  constructor() {
    this.factories.set(COMPRESSOR_ENGINE_NAME, (context) => new ContextCompressor(context, context.summarizer));
  }

  register(name: string, factoryOrClass: EngineFactory | (new (context: EngineFactoryContext) => ContextEngine)): void {
    if (!ENGINE_NAME_PATTERN.test(name)) throw new ConfigError(`context engine name "${name}" must be 1–64 letters, digits, dots, dashes or underscores`);
    if (name === COMPRESSOR_ENGINE_NAME) throw new ConfigError(`"${COMPRESSOR_ENGINE_NAME}" is the built-in engine; give the plugin another name`);
    const factory: EngineFactory = isClass(factoryOrClass)
      ? (context) => new factoryOrClass(context)
      : (factoryOrClass as EngineFactory);
    this.factories.set(name, factory);
  }

  has(name: string): boolean {
    return this.factories.has(name);
  }

  names(): string[] {
    return [...this.factories.keys()];
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
      previousAnchors: () => [],
      summarizer: { summarize: async () => ({ ok: false, abort: true, reason: "engine check: no model is called" }) },
      now: Date.now,
    };
    try {
      this.create(name, probe);
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  /** Registers every `<dir>/<name>/index.(m)js`; returns the names found. A missing folder is no plugins. */
  async loadPlugins(dir: string): Promise<string[]> {
    const root = resolve(dir);
    if (!existsSync(root)) return [];
    const loaded: string[] = [];
    for (const name of readdirSync(root).sort()) {
      const folder = join(root, name);
      if (!statSync(folder).isDirectory() || !ENGINE_NAME_PATTERN.test(name)) continue;
      const entry = PLUGIN_ENTRY_FILES.map((file) => join(folder, file)).find((file) => existsSync(file));
      if (!entry) continue;
      let module: Record<string, unknown>;
      try {
        module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
      } catch (err) {
        throw new ConfigError(`context engine plugin ${entry} failed to load: ${(err as Error).message}`);
      }
      const exported = module.default ?? module.createEngine ?? module.Engine;
      if (typeof exported !== "function") {
        throw new ConfigError(`context engine plugin ${entry} must export an engine class or factory (default export, createEngine or Engine)`);
      }
      this.register(name, exported as EngineFactory);
      loaded.push(name);
    }
    return loaded;
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
    throw new ConfigError(`context.engine: the "${config.context.engine}" engine cannot be used: ${problem}; fix or remove the plugin, or name another engine`);
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
