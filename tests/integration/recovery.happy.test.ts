import { describe, expect } from "vitest";
import { seedAnchoredSession } from "../fixtures/anchored-session.js";
import { json, type PostMessageRunResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "context" });

/** The tool result the model was sent for a call, read from its next request. */
const resultSent = (
  fake: {
    completions: Array<{ body: { messages: Array<{ role: string; tool_call_id?: string; content: unknown }> } }>;
  },
  callId: string,
) =>
  String(fake.completions.at(-1)!.body.messages.find((m) => m.role === "tool" && m.tool_call_id === callId)?.content);

describe("reading compacted turns back: session_read and session_anchors", () => {
  it("gives the model a compacted row verbatim by seq, and the anchors with their seqs", async ({ app: t, fake }) => {
    fake.reset();
    const id = await seedAnchoredSession(t, fake);
    fake.enqueue(
      {
        tool_calls: [
          { id: "call_read", name: "session_read", arguments: { seq: 5 } },
          { id: "call_range", name: "session_read", arguments: { from_seq: 1, to_seq: 3 } },
          { id: "call_anchor", name: "session_anchors", arguments: { q: "src/" } },
          { id: "call_bad", name: "session_read", arguments: { from_seq: 4, to_seq: 2 } },
        ],
      },
      { content: "Found it." },
    );
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "what broke, exactly?" });
    expect((await json<PostMessageRunResponse>(res)).run.status).toBe("completed");
    // The summary and the stubs tell the model these tools exist.
    const first = JSON.stringify(fake.completions.at(-2)!.body.messages);
    expect(first).toContain("session_read");
    const read = resultSent(fake, "call_read");
    expect(read).toMatch(/^\[seq 5\] user \(compacted\)\n/);
    expect(read).toContain("PR #1234 breaks src/app.ts on fix/disk-full-retry since 3f9a1c2b7d4e");
    const range = resultSent(fake, "call_range");
    expect(range.match(/^\[seq \d+\]/gm)).toEqual(["[seq 1]", "[seq 2]", "[seq 3]"]);
    expect(range).toContain("hello");
    const anchors = resultSent(fake, "call_anchor");
    expect(anchors).toMatch(/- path: src\/app\.ts \(seq 5/);
    expect(anchors).toMatch(/- path: src\/deep\/module\.ts \(seq \d+/);
    expect(resultSent(fake, "call_bad")).toMatch(/needs \{seq\} or \{from_seq, to_seq\}/);
  });
});
