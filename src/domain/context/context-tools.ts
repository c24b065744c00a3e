/**
 * @module context-tools
 * The tools a session's context engine offers the model: the engine's own, and the recovery tools for every engine —
 * `session_search` over the whole transcript, `session_read` of rows by seq, `session_anchors` of the anchor index,
 * and `sessions_search` / `sessions_read` over the owner's other sessions (an engine may bring its own of any of them).
 */
import type { Config } from "../../config/schema.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import type { ToolDefinition, ToolProvider } from "../shared/tools.js";
import { trustedProvenance } from "../../kernel/provenance.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import type { EngineSessions } from "./engine-session.js";
import { readEngineState } from "./engine-state.js";
import type { Transcript } from "../transcript/transcript.js";
import { sessionAnchorsTool, sessionReadTool } from "./session-recovery.js";
import { sessionSearchTool } from "./session-search.js";
import { sessionsReadTool, sessionsSearchTool } from "./recall-tools.js";

export class ContextTools implements ToolProvider {
  constructor(
    private readonly deps: {
      config: Config;
      store: Store;
      engineSessions: EngineSessions;
      /** Indexes the anchors of a session stored before the anchor table, before they are read. */
      transcript: Pick<Transcript, "indexOlderAnchors">;
    },
  ) {}

  async toolsFor(session: SessionRecord): Promise<ToolDefinition[]> {
    const { config, store, engineSessions } = this.deps;
    const settings = resolveSessionSettings(config, session);
    const ensureIndexed = (id: string) => this.deps.transcript.indexOlderAnchors(id);
    const recovery = [
      sessionSearchTool(store),
      sessionReadTool(store),
      sessionAnchorsTool(store, ensureIndexed),
      sessionsSearchTool(store),
      sessionsReadTool(store),
    ];
    if (settings.engine === "compressor") return recovery;
    const { engine } = await engineSessions.open(
      await engineSessions.prepare(session.id),
      readEngineState(session.engine_state),
    );
    const engineTools: ToolDefinition[] = (engine.getToolSchemas?.() ?? []).map((schema) => ({
      name: schema.name,
      description: schema.description,
      parameters: { type: "object", properties: {}, ...(schema.parameters as object) },
      execute: async (args) => {
        if (!engine.handleToolCall)
          return { content: `the ${settings.engine} engine does not handle ${schema.name}`, is_error: true };
        // The engine is the operator's code over the server's own data.
        return {
          content: String(await engine.handleToolCall(schema.name, args)),
          provenance: trustedProvenance(`engine:${settings.engine}`),
        };
      },
    }));
    // Every engine's session keeps its whole transcript readable; an engine may bring its own of each tool.
    const own = new Set(engineTools.map((tool) => tool.name));
    return [...engineTools, ...recovery.filter((tool) => !own.has(tool.name))];
  }
}
