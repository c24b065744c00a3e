import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMainFlow } from "../../examples/generated-client/main-flow.js";
import { CLIENT_TYPES_PATH, generateClientTypes } from "../../scripts/client-types.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

/**
 * A client generated from openapi.yaml (examples/generated-client/: openapi-typescript types, openapi-fetch calls)
 * runs the main flow against the built server over real HTTP, with the fake model and real Chromium.
 */
describe("the client generated from openapi.yaml", () => {
  let fake: FakeModelServer;
  let pages: PagesServer;
  let server: ServerProcess;
  let dir: string;

  beforeAll(async () => {
    fake = await startFakeModel();
    pages = await startPagesServer();
    dir = tempDir();
    server = await startServerProcess({
      CADUCEUS_DB: join(dir, "caduceus.db"),
      CADUCEUS_API_KEY: "generated-client-key",
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "test-key",
      CADUCEUS_MODEL: "fake-model",
    });
  });
  afterAll(async () => {
    await server.stop();
    await pages.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is typed from the checked-in openapi.yaml (run `npm run openapi` after changing routes)", async () => {
    expect(readFileSync(CLIENT_TYPES_PATH, "utf8")).toBe(await generateClientTypes());
  });

  it("runs the whole main flow: session, run, context, compression, summaries, anchors, search, browser, dialog", async () => {
    fake.enqueue({ content: "The checklist says src/deploy/rollout.ts ships behind a flag." });
    const result = await runMainFlow(server.baseUrl, pages.url("localhost", "/alert-on-load"), {
      apiKey: "generated-client-key",
    });
    expect(result).toMatchObject({
      answer: "The checklist says src/deploy/rollout.ts ships behind a flag.",
      runStatus: "completed",
      contextMessages: 3,
      dialogType: "alert",
      recentDialogs: 1,
      pageTitle: "Alert on load",
    });
    expect(result.sessionId).toMatch(/^ses_/);
    expect(result.searchHits).toBeGreaterThan(0);
    expect(result.answeredDialog).toMatch(/^d-\d+$/);
    // What the model was sent: the system prompt and the user's message, through the generated request types.
    const sent = fake.completions[0].body.messages.map((m) => m.role);
    expect(sent).toEqual(["system", "user"]);
  });

  it("works as written on a server with nothing configured: the demo model answers, the page is asked for a dialog", async () => {
    const bare = await startServerProcess({ CADUCEUS_DB: join(dir, "bare.db") });
    try {
      const result = await runMainFlow(bare.baseUrl, pages.url("localhost", "/plain"));
      expect(result).toMatchObject({ runStatus: "completed", dialogType: "confirm", recentDialogs: 1 });
      expect(result.answer).toContain("not an LLM");
      expect(result.answeredDialog).toMatch(/^d-\d+$/);
    } finally {
      await bare.stop();
    }
  });
});
