import { describe, expect, it } from "vitest";
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
      ]),
    );
  });
});
