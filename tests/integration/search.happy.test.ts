import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAnchoredSession } from "../fixtures/anchored-session.js";
import { modelConfig } from "../fixtures/context-transcript.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

let fake: FakeModelServer;
let t: TestApp;
let id: string;

beforeAll(async () => {
  fake = await startFakeModel();
  t = await makeTestApp(modelConfig(fake.baseUrl));
  id = await seedAnchoredSession(t, fake);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe("full-text search", () => {
  it("the session_search tool finds what compression moved out", async () => {
    const services = t.app.services;
    const session = services.sessions.require(id);
    const tool = services.toolProviders.flatMap((p) => p.toolsFor(session)).find((d) => d.name === "session_search");
    expect(tool).toBeDefined();
    const out = await tool!.execute({ query: "src/app.ts", role: "user", limit: 5 }, { session, runId: null });
    expect(out.is_error).toBeUndefined();
    expect(out.content).toMatch(/\[seq 5\] user \(compacted\):/);
    const bad = await tool!.execute({ query: "" }, { session, runId: null });
    expect(bad.is_error).toBe(true);
  });
});
