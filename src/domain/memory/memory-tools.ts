/**
 * @module memory-tools
 * The tools memory offers every session's runs: `sessions_search` and `sessions_read` over the owner's other
 * sessions, and the `memory` tool where the session carries memory (the server's `memory.enabled` and the session's
 * `config.memory.enabled`).
 */
import type { Config } from "../../config/schema.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import type { ToolDefinition, ToolProvider } from "../shared/tools.js";
import { memoryTool } from "./memory-tool.js";
import type { MemoryStores } from "./memory-stores.js";
import { sessionsReadTool, sessionsSearchTool } from "./recall-tools.js";
import type { SessionRecall } from "./session-recall.js";

export class MemoryTools implements ToolProvider {
  private readonly recallTools: ToolDefinition[];
  private readonly memory: ToolDefinition;

  constructor(private readonly deps: { config: Config; store: Store; recall: SessionRecall; stores: MemoryStores }) {
    this.recallTools = [sessionsSearchTool(deps.store, deps.recall), sessionsReadTool(deps.store)];
    this.memory = memoryTool(deps.store, deps.stores);
  }

  toolsFor(session: SessionRecord): ToolDefinition[] {
    const enabled = resolveSessionSettings(this.deps.config, session).memory.enabled;
    return enabled ? [...this.recallTools, this.memory] : this.recallTools;
  }
}
