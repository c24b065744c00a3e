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

describe("publishing", () => {
  it("stores events published without waiting in the order they were asked for, each answered with its own", async ({
    app: t,
  }) => {
    const id = await createSessionId(t);
    const bus = t.app.services.events;
    const seen: string[] = [];
    const stop = bus.subscribe(id, (event) => seen.push(`${event.id}:${event.type}`));
    try {
      // What a streaming answer does: chunks published one after another while the first is still being written.
      const published = [
        bus.publish(id, "run.started", { run_id: "run_b", session_id: id, model: "fake-model" }),
        ...Array.from({ length: 6 }, (_, i) => bus.publish(id, "message.delta", { run_id: "run_b", content: `c${i}` })),
      ];
      const events = await Promise.all(published);
      const ids = events.map((event) => event!.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(events.map((event) => event!.type)).toEqual(["run.started", ...Array(6).fill("message.delta")]);
      expect(events.slice(1).map((event) => (event!.data as { content: string }).content)).toEqual(
        Array.from({ length: 6 }, (_, i) => `c${i}`),
      );
      expect(seen).toEqual(events.map((event) => `${event!.id}:${event!.type}`));
      expect(await bus.replay(id, 0)).toEqual(events);
    } finally {
      stop();
    }
  });
});
