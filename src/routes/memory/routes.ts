/**
 * @module routes
 * The owner's memory (the API key's owner's): both stores with their figures, and adding, changing and removing
 * entries. A write past a store's limit is refused whole with 400 `memory_full`, naming `used` and `limit`.
 */
import { createRoute } from "@hono/zod-openapi";
import { requires } from "../../http/route-access.js";
import { createRouter } from "../../http/router.js";
import { jsonBody } from "../shared/json-content.js";
import { problemResponses, RESPONSE_HEADERS } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { IdempotencyHeaders } from "../shared/params.js";
import { presentMemory, presentMemoryEntry } from "./present.js";
import { MemoryEntryBody, MemoryEntryParams, MemoryEntrySchema, MemorySchema, MemoryStoreParam } from "./schemas.js";

const EXAMPLE = { content: "Prefers short answers with the command first" };

const getMemory = createRoute({
  method: "get",
  path: "/v1/memory",
  operationId: "getMemory",
  security: requires("sessions:read"),
  tags: ["memory"],
  summary: "Both memory stores of the caller's owner",
  description:
    "`memory` (the agent's notes) and `user` (the user's profile): their entries, oldest first, with the characters " +
    "used and the limit. A new session's system prompt carries them as they are when it starts.",
  responses: { 200: jsonAnswer("Both stores", MemorySchema), ...problemResponses({ codes: [] }) },
});

const addMemoryEntry = createRoute({
  method: "post",
  path: "/v1/memory/{store}/entries",
  operationId: "addMemoryEntry",
  security: requires("sessions:write"),
  tags: ["memory"],
  summary: "Add an entry to a memory store",
  description:
    "Secrets in the content are masked before it is stored. Past the store's limit nothing is written: 400 " +
    "`memory_full` with `used`, `limit` and `needed`.",
  request: {
    params: MemoryStoreParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: jsonBody(MemoryEntryBody, EXAMPLE) },
  },
  responses: {
    201: postAnswer("The entry", MemoryEntrySchema),
    ...problemResponses({ codes: ["memory_full"], body: true, idempotent: true }),
  },
});

const updateMemoryEntry = createRoute({
  method: "patch",
  path: "/v1/memory/{store}/entries/{memory_entry_id}",
  operationId: "updateMemoryEntry",
  security: requires("sessions:write"),
  tags: ["memory"],
  summary: "Change an entry's content",
  description: "Secrets masked as on add; past the store's limit nothing changes (400 `memory_full`).",
  request: { params: MemoryEntryParams, body: { required: true, content: jsonBody(MemoryEntryBody, EXAMPLE) } },
  responses: {
    200: jsonAnswer("The changed entry", MemoryEntrySchema),
    ...problemResponses({ codes: ["not_found", "memory_full"], body: true }),
  },
});

const deleteMemoryEntry = createRoute({
  method: "delete",
  path: "/v1/memory/{store}/entries/{memory_entry_id}",
  operationId: "deleteMemoryEntry",
  security: requires("sessions:write"),
  tags: ["memory"],
  summary: "Remove an entry",
  description: "Sessions already started keep the memory they started with; new ones go without it.",
  request: { params: MemoryEntryParams },
  responses: {
    204: { description: "Removed", headers: { "X-Request-Id": RESPONSE_HEADERS.requestId } },
    ...problemResponses({ codes: ["not_found"] }),
  },
});

export function memoryRoutes() {
  const router = createRouter();
  router.openapi(getMemory, async (c) => {
    return c.json(presentMemory(await c.get("services").memory.both(c.get("caller").owner)), 200);
  });

  router.openapi(addMemoryEntry, async (c) => {
    const { store } = c.req.valid("param");
    const entry = await c.get("services").memory.add(c.get("caller").owner, store, c.req.valid("json").content, {
      source: "api",
    });
    return c.json(presentMemoryEntry(entry), 201);
  });

  router.openapi(updateMemoryEntry, async (c) => {
    const { store, memory_entry_id } = c.req.valid("param");
    const entry = await c
      .get("services")
      .memory.replace(c.get("caller").owner, store, memory_entry_id, c.req.valid("json").content, {
        source: "api",
      });
    return c.json(presentMemoryEntry(entry), 200);
  });

  router.openapi(deleteMemoryEntry, async (c) => {
    const { store, memory_entry_id } = c.req.valid("param");
    await c.get("services").memory.remove(c.get("caller").owner, store, memory_entry_id);
    return c.body(null, 204);
  });
  return router;
}
