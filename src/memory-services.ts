/**
 * @module memory-services
 * The objects of what crosses sessions, built once per app beside the others (services.ts): recall over every
 * session of an owner (anchors and search).
 */
import type { Store } from "./db/store.js";
import { SessionRecall } from "./domain/memory/session-recall.js";

export type MemoryServices = {
  /** GET /v1/anchors and GET /v1/search: an owner's anchors and stored rows across its sessions. */
  recall: SessionRecall;
};

export function createMemoryServices(deps: { store: Store }): MemoryServices {
  return { recall: new SessionRecall(deps.store) };
}
