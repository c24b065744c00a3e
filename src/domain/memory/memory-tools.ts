/**
 * @module memory-tools
 * The `memory` tool, offered to the runs of every session that carries memory (the server's `memory.enabled` and the
 * session's `config.memory.enabled`). The recall tools over the owner's other sessions are the context's
 * (../context/recall-tools.ts), offered to every session.
 */
import type { Config } from "../../config/schema.js";
import type { SessionRecord } from "../../db/records.js";
import type { Store } from "../../db/store.js";
import { resolveSessionSettings } from "../shared/session-settings.js";
import type { ToolDefinition, ToolProvider } from "../shared/tools.js";
import { memoryTool } from "./memory-tool.js";
import type { MemoryStores } from "./memory-stores.js";

export class MemoryTools implements ToolProvider {
  private readonly memory: ToolDefinition;

  constructor(private readonly deps: { config: Config; store: Store; stores: MemoryStores }) {
    this.memory = memoryTool(deps.store, deps.stores);
  }

  toolsFor(session: SessionRecord): ToolDefinition[] {
    return resolveSessionSettings(this.deps.config, session).memory.enabled ? [this.memory] : [];
  }
}
