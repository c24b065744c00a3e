import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAnchoredSession } from "../fixtures/anchored-session.js";
import { getJson, modelConfig } from "../fixtures/context-transcript.js";
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
  it.each(["src/app.ts", "ENOSPC", "#1234", "3f9a1c2b7d4e", "fix/disk-full-retry", "reading 'id'\""])(
    "finds compacted content for %s",
    async (q) => {
      const out = await getJson(t, `/v1/sessions/${id}/search?q=${encodeURIComponent(q)}`);
      expect(out.data.length, q).toBeGreaterThan(0);
      expect(out.data.some((hit: any) => hit.in_context === false && hit.kind === "message")).toBe(true);
    },
  );

  it("filters by role and limit, and answers an empty list for no match", async () => {
    const tool = await getJson(t, `/v1/sessions/${id}/search?q=ENOSPC&role=tool`);
    expect(tool.data.every((hit: any) => hit.role === "tool")).toBe(true);
    expect(tool.data[0].snippet).toContain("[ENOSPC]");
    const limited = await getJson(t, `/v1/sessions/${id}/search?q=step&limit=2`);
    expect(limited.data).toHaveLength(2);
    expect((await getJson(t, `/v1/sessions/${id}/search?q=zzzznothing`)).data).toEqual([]);
    expect((await t.call("GET", `/v1/sessions/${id}/search`)).status).toBe(400);
  });
});
