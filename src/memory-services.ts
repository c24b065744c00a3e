/**
 * @module memory-services
 * The objects of what crosses sessions, built once per app beside the others (services.ts): recall over every
 * session of an owner (anchors and search), each owner's memory stores, the memory frozen into each new session,
 * and the tools the agent reaches them with.
 */
import type { Config } from "./config/schema.js";
import type { Store } from "./db/store.js";
import { MemoryStores } from "./domain/memory/memory-stores.js";
import { MemorySnapshots } from "./domain/memory/memory-snapshot.js";
import { SessionRecall } from "./domain/memory/session-recall.js";
import { MemoryTools } from "./domain/memory/memory-tools.js";

export type MemoryServices = {
  /** GET /v1/anchors and GET /v1/search: an owner's anchors and stored rows across its sessions. */
  recall: SessionRecall;
  /** Each owner's `memory` and `user` stores. */
  memory: MemoryStores;
  /** Freezes the owner's memory into each new session. */
  memorySnapshots: MemorySnapshots;
  /** The `memory` tool, offered to the runs of sessions that carry memory. */
  memoryTools: MemoryTools;
};

export function createMemoryServices(deps: { config: Config; store: Store; now: () => number }): MemoryServices {
  const { config, store, now } = deps;
  const memory = new MemoryStores({ store, now, config: config.memory });
  const recall = new SessionRecall(store);
  return {
    recall,
    memory,
    memorySnapshots: new MemorySnapshots(memory),
    memoryTools: new MemoryTools({ config, store, stores: memory }),
  };
}
