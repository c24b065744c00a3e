import { describe, expect } from "vitest";
import { DELTA_EVENT_RETENTION_MS } from "../../src/domain/events/bus.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";

const clock = { now: Date.UTC(2026, 10, 30, 8, 0, 0) };
const it = withApp({ model: "none", now: () => clock.now });

describe("event retention", () => {
  const storedTypes = (t: TestApp, sessionId: string) =>
    (
      t.database.sqlite.prepare("select type from events where session_id = ? order by id").all(sessionId) as Array<{
        type: string;
      }>
    ).map((r) => r.type);

  it("drops streamed text chunks after a day and keeps every other event", async ({ app: t }) => {
    const id = await createSessionId(t);
    const bus = t.app.services.events;
    await bus.publish(id, "message.delta", { run_id: "run_1", content: "Hel" });
    await bus.publish(id, "message.delta", { run_id: "run_1", content: "lo" });
    await bus.publish(id, "run.started", { run_id: "run_1", session_id: id, model: "fake-model" });
    expect(storedTypes(t, id)).toEqual(["message.delta", "message.delta", "run.started"]);

    clock.now += DELTA_EVENT_RETENTION_MS + 60 * 60 * 1000;
    await bus.publish(id, "message.delta", { run_id: "run_2", content: "fresh" });
    expect(storedTypes(t, id)).toEqual(["run.started", "message.delta"]);
  });
});
