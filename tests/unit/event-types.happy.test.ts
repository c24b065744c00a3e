import { describe, expect, it } from "vitest";
import type { RunResultSummary } from "../../src/domain/shared/run-summary.js";
import type { EventBus } from "../../src/domain/events/bus.js";
import { EVENT_TYPES } from "../../src/domain/events/event-types.js";

describe("the event list", () => {
  it("names each event once", () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
  });

  it("holds the SPEC's events, the progress events and the run stream's end", () => {
    expect(EVENT_TYPES).toEqual(
      expect.arrayContaining([
        "run.started",
        "message.created",
        "message.delta",
        "tool.started",
        "tool.completed",
        "dialog.opened",
        "dialog.closed",
        "frame.attached",
        "frame.detached",
        "frame.navigated",
        "context.compressed",
        "run.completed",
        "run.failed",
        "done",
        "context.compressing",
        "browser.starting",
        "browser.disconnected",
        "browser.takeover",
        "browser.released",
      ]),
    );
  });

  it("refuses, when type-checked, an unknown event or a payload of the wrong shape", () => {
    // Never called: `npm run typecheck` fails if either publish below compiles.
    const wrong = async (bus: EventBus) => {
      // @ts-expect-error -- not an event type
      await bus.publish("ses_1", "run.exploded", { run_id: "run_1" });
      // @ts-expect-error -- message.delta carries run_id and content
      await bus.publish("ses_1", "message.delta", { delta: "Hel" });
      const run: RunResultSummary = {
        id: "run_1",
        status: "completed",
        iterations: 1,
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        compressed: false,
        error: null,
      };
      await bus.publish("ses_1", "run.completed", { run });
      // @ts-expect-error -- done ends a run's own stream and is never stored
      await bus.publish("ses_1", "done", { run });
    };
    expect(wrong).toBeTypeOf("function");
  });
});
