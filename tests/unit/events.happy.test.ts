import { describe, expect, it } from "vitest";
import { EventFeed } from "../../src/domain/events/feed.js";
import { formatSseFrame } from "../../src/http/sse.js";

describe("SSE frames and feeds", () => {
  it("formats every data line and the id", () => {
    expect(formatSseFrame({ event: "message.delta", id: 7, data: "a\nb" })).toBe(
      "event: message.delta\nid: 7\ndata: a\ndata: b\n\n",
    );
    expect(formatSseFrame({ data: "[DONE]" })).toBe("data: [DONE]\n\n");
  });

  it("delivers pushed items in order, ends after draining, and drops everything once cancelled", async () => {
    const feed = new EventFeed();
    feed.push({ type: "message.delta", data: { run_id: "run_1", content: "a" } });
    feed.push({ type: "message.delta", data: { run_id: "run_1", content: "b" } });
    feed.end();
    feed.push({ type: "message.delta", data: { run_id: "run_1", content: "late" } });
    const got: string[] = [];
    for await (const item of feed) if (item.type === "message.delta") got.push(item.data.content);
    expect(got).toEqual(["a", "b"]);

    const cancelled = new EventFeed();
    let told = false;
    cancelled.onCancel(() => (told = true));
    cancelled.push({ type: "browser.disconnected", data: { reason: "page_closed" } });
    cancelled.cancel();
    const rest: string[] = [];
    for await (const item of cancelled) rest.push(item.type);
    expect(rest).toEqual([]);
    expect(told).toBe(true);
  });
});
