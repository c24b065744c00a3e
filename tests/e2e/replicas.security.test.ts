/**
 * The internal route replicas forward browser tool calls on is no way around the API: without the internal key (or
 * with a wrong one) it does not exist, even with the API key, and the browser is never touched; with the key but
 * without the API key it is refused like any request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../fixtures/postgres.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";

const API_KEY = "replicas-security-api-key";
const INTERNAL_KEY = "replicas-security-internal-key-0123";
const auth = { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" };

let database: { url: string; drop(): Promise<void> };
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({
    DATABASE_URL: database.url,
    CADUCEUS_REPLICA_ID: "guarded",
    CADUCEUS_INTERNAL_KEY: INTERNAL_KEY,
    CADUCEUS_API_KEY: API_KEY,
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe("the internal route", () => {
  it("answers 404 without the internal key or with a wrong one, and opens no browser", async () => {
    const session = (await (await server.call("POST", "/v1/sessions", {}, auth)).json()) as { id: string };
    const path = `/internal/v1/sessions/${session.id}/browser-tools/browser_navigate`;
    const body = { arguments: { url: "http://127.0.0.1:9/" }, run_id: null };
    for (const headers of [auth, { ...auth, "x-caduceus-internal-key": "not-the-internal-key-at-all" }]) {
      const res = await server.call("POST", path, body, headers);
      expect(res.status).toBe(404);
    }
    const unauthenticated = await server.call("POST", path, body, {
      "content-type": "application/json",
      "x-caduceus-internal-key": INTERNAL_KEY,
    });
    expect(unauthenticated.status).toBe(401);
    const snapshot = (await (
      await server.call("GET", `/v1/sessions/${session.id}/snapshot`, undefined, auth)
    ).json()) as {
      active: boolean;
    };
    expect(snapshot.active).toBe(false);
    // Nor is the news of new browser settings taken without the key.
    for (const headers of [auth, { ...auth, "x-caduceus-internal-key": "not-the-internal-key-at-all" }]) {
      const res = await server.call("POST", `/internal/v1/sessions/${session.id}/browser-settings`, undefined, headers);
      expect(res.status).toBe(404);
    }
  });
});
