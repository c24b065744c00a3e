import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readSse, type SseEvent } from "../fixtures/agent-harness.js";
import { navigate, respond } from "../fixtures/browser.js";
import { append, filler, modelConfig, toolRound } from "../fixtures/context-transcript.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { captureLogs, LOG_LEVEL } from "../fixtures/log-lines.js";
import { TEST_BROWSER_ISOLATION } from "../fixtures/browser-isolation.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { json, type CompressResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

/** Every event the session has stored so far, as GET /events replays them, up to the first `last`. */
async function storedEvents(t: TestApp, id: string, last: string): Promise<SseEvent[]> {
  const res = await t.call("GET", `/v1/sessions/${id}/events`, undefined, { "last-event-id": "0" });
  expect(res.status).toBe(200);
  return (await readSse(res, (frame) => frame.event === last)).filter((frame) => frame.event);
}

const dataOf = (frames: SseEvent[], event: string): unknown => JSON.parse(frames.find((f) => f.event === event)!.data);

/** Slow work is announced before it starts, and told in the log when it is done. */
describe("progress events and their log lines", () => {
  let fake: FakeModelServer;
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeTestApp(
      { ...modelConfig(fake.baseUrl), logging: { level: "info" } },
      { logDestination: logs.stream },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    logs.lines.length = 0;
  });

  async function longSession(): Promise<string> {
    const id = await createSessionId(t);
    for (let i = 0; i < 14; i++) {
      await append(
        t,
        id,
        toolRound(
          `step ${i}: ${filler(i, 60)}`,
          "terminal",
          { command: `npm run step-${i}` },
          filler(i + 100, 250),
          `done ${i}`,
        ),
      );
    }
    return id;
  }

  describe("a compression", () => {
    it("shows context.compressing before context.compressed, and logs what it did", async () => {
      const id = await longSession();
      fake.enqueue({ content: "## Goal\nFinish the steps.\n## Completed Actions\nSteps ran." });
      const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
      expect(res.status).toBe(200);
      const out = await json<CompressResponse>(res);
      expect(out.compressed).toBe(true);

      const frames = await storedEvents(t, id, "context.compressed");
      const names = frames.map((f) => f.event);
      expect(names.filter((name) => name?.startsWith("context."))).toEqual([
        "context.compressing",
        "context.compressed",
      ]);
      expect(dataOf(frames, "context.compressing")).toEqual({
        session_id: id,
        trigger: "manual",
        engine: "compressor",
        tokens_before: out.tokens_before,
      });
      const line = logs.lines.find((l) => l.msg === "context compressed");
      expect(line).toMatchObject({
        level: LOG_LEVEL.info,
        session_id: id,
        trigger: "manual",
        engine: "compressor",
        tokens_before: out.tokens_before,
        tokens_after: out.tokens_after,
        fallback_used: false,
        duration_ms: expect.any(Number),
      });
    });

    it("logs a compression that fell back to the deterministic summary as such", async () => {
      const id = await longSession();
      fake.enqueue({ status: 500, error: { message: "summary backend down" } });
      const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
      expect(out.fallback_used).toBe(true);
      expect(logs.lines.find((l) => l.msg === "context compressed")).toMatchObject({
        session_id: id,
        fallback_used: true,
        summary_failure: expect.stringContaining("summary backend down"),
        tokens_after: out.tokens_after,
      });
    });
  });

  describe("the browser", () => {
    let pages: PagesServer;
    beforeAll(async () => {
      pages = await startPagesServer();
    });
    afterAll(() => pages.close());

    it("shows browser.starting before the first navigate answers, and logs the launch and each dialog", async () => {
      const id = await createSessionId(t);
      try {
        const answer = await navigate(t, id, pages.url("127.0.0.1", "/alert-on-load"));
        expect(answer.dialog_opened).toMatchObject({ id: "d-1", type: "alert" });
        const frames = await storedEvents(t, id, "dialog.opened");
        const names = frames.map((f) => f.event);
        // The first thing the session hears of its browser.
        expect(names[0]).toBe("browser.starting");
        expect(names).toContain("dialog.opened");
        expect((await respond(t, id, { action: "accept" })).status).toBe(200);
        if (TEST_BROWSER_ISOLATION === "context") {
          // A context in the shared Chromium, which the first one launched.
          expect(dataOf(frames, "browser.starting")).toEqual({ mode: "context", endpoint_kind: "shared_chromium" });
          expect(logs.lines.find((l) => l.msg === "shared browser launched")).toMatchObject({
            level: LOG_LEVEL.info,
            executable: "/usr/bin/chromium",
            headless: true,
            duration_ms: expect.any(Number),
          });
          expect(logs.lines.find((l) => l.msg === "browser context opened")).toMatchObject({
            level: LOG_LEVEL.info,
            session_id: id,
            warm: expect.any(Boolean),
            duration_ms: expect.any(Number),
          });
        } else {
          expect(dataOf(frames, "browser.starting")).toEqual({ mode: "launch", endpoint_kind: "local_chromium" });
          expect(logs.lines.find((l) => l.msg === "browser launched")).toMatchObject({
            level: LOG_LEVEL.info,
            session_id: id,
            executable: "/usr/bin/chromium",
            headless: true,
            duration_ms: expect.any(Number),
          });
        }
        expect(logs.lines.find((l) => l.msg === "dialog opened")).toMatchObject({
          level: LOG_LEVEL.info,
          session_id: id,
          dialog_id: "d-1",
          type: "alert",
          via: "native",
        });
        expect(logs.lines.find((l) => l.msg === "dialog closed")).toMatchObject({
          level: LOG_LEVEL.info,
          session_id: id,
          dialog_id: "d-1",
          type: "alert",
          closed_by: "user",
          action: "accept",
        });
        expect((await t.call("DELETE", `/v1/sessions/${id}/browser`)).status).toBe(204);
        expect(logs.lines.find((l) => l.msg === "browser stopped")).toMatchObject({
          level: LOG_LEVEL.info,
          session_id: id,
        });
      } finally {
        await t.call("DELETE", `/v1/sessions/${id}`);
      }
    });
  });
});
