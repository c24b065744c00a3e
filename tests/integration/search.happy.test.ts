import { describe, expect } from "vitest";
import { seedAnchoredSession } from "../fixtures/anchored-session.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "context" });

let id: string;

it.beforeAll(async ({ app, fake }) => {
  id = await seedAnchoredSession(app, fake);
});

describe("full-text search", () => {
  it("the session_search tool finds what compression moved out", async ({ app: t }) => {
    const services = t.app.services;
    const session = await services.sessions.require(id);
    const offered = await Promise.all(services.toolProviders.map(async (p) => p.toolsFor(session)));
    const tool = offered.flat().find((d) => d.name === "session_search");
    expect(tool).toBeDefined();
    const out = await tool!.execute({ query: "src/app.ts", role: "user", limit: 5 }, { session, runId: null });
    expect(out.is_error).toBeUndefined();
    expect(out.content).toMatch(/\[seq 5\] user \(compacted\):/);
    const bad = await tool!.execute({ query: "" }, { session, runId: null });
    expect(bad.is_error).toBe(true);
  });
});
