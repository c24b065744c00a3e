/**
 * @module context-tools
 * The tools a session's context engine offers the model: the engine's own, and `session_search` over the whole
 * transcript for every engine (an engine may bring its own).
 */
import type { Config } from "../../config.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ToolDefinition, ToolProvider } from "../agent/tools.js";
import { resolveSessionSettings } from "../sessions/settings.js";
import type { EngineSessions } from "./engine-session.js";
import { readEngineState } from "./engine-state.js";
import { sessionSearchTool } from "./session-search.js";

export class ContextTools implements ToolProvider {
  constructor(private readonly deps: { config: Config; store: Store; engineSessions: EngineSessions }) {}

  toolsFor(session: SessionRecord): ToolDefinition[] {
    const { config, store, engineSessions } = this.deps;
    const settings = resolveSessionSettings(config, session);
    if (settings.engine === "compressor") return [sessionSearchTool(store)];
    const { engine } = engineSessions.open(engineSessions.prepare(session.id), readEngineState(session.engine_state));
    const engineTools: ToolDefinition[] = (engine.getToolSchemas?.() ?? []).map((schema) => ({
      name: schema.name,
      description: schema.description,
      parameters: { type: "object", properties: {}, ...(schema.parameters as object) },
      execute: async (args) => {
        if (!engine.handleToolCall)
          return { content: `the ${settings.engine} engine does not handle ${schema.name}`, is_error: true };
        return { content: String(await engine.handleToolCall(schema.name, args)) };
      },
    }));
    // Every engine's session keeps its whole transcript searchable; an engine may bring its own session_search.
    const search = sessionSearchTool(store);
    return engineTools.some((tool) => tool.name === search.name) ? engineTools : [...engineTools, search];
  }
}
