import { describe, expect } from "vitest";
import { seedAnchoredSession } from "../fixtures/anchored-session.js";
import { getJson } from "../fixtures/context-transcript.js";
import type { SearchMessagesResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "context" });

let id: string;

it.beforeAll(async ({ app, fake }) => {
  id = await seedAnchoredSession(app, fake);
});

describe("full-text search", () => {
  it.for(["src/app.ts", "ENOSPC", "#1234", "3f9a1c2b7d4e", "fix/disk-full-retry", "reading 'id'\""])(
    "finds compacted content for %s",
    async (q, { app: t }) => {
      const out = await getJson<SearchMessagesResponse>(t, `/v1/sessions/${id}/search?q=${encodeURIComponent(q)}`);
      expect(out.data.length, q).toBeGreaterThan(0);
      expect(out.data.some((hit) => hit.in_context === false && hit.kind === "message")).toBe(true);
    },
  );

  it("finds a SHA by its first 7 digits, and facts only present in JSON tool output", async ({ app: t }) => {
    const short = await getJson<SearchMessagesResponse>(t, `/v1/sessions/${id}/search?q=3f9a1c2`);
    expect(short.data.some((hit) => hit.snippet.includes("3f9a1c2b7d4e"))).toBe(true);
    const other = await t.app.services.useCases.createSession({});
    const callId = "call_json_1";
    await t.app.services.transcript.append(
      other.session.id,
      [
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: callId, type: "function", function: { name: "browser_snapshot", arguments: "{}" } }],
        },
        {
          role: "tool",
          tool_call_id: callId,
          content: JSON.stringify({
            title: "Deploys",
            text: "build 41 ok\nfatal: quota exceeded for project atlas-prod",
          }),
        },
      ],
      { model: "fake-model" },
    );
    const hit = await getJson<SearchMessagesResponse>(
      t,
      `/v1/sessions/${other.session.id}/search?q=fatal%20atlas-prod`,
    );
    expect(hit.data).toHaveLength(1);
    // Long enough to read the line around the match.
    expect(hit.data[0].snippet).toContain("[fatal]: quota exceeded for project");
  });

  it("filters by role and limit, and answers an empty list for no match", async ({ app: t }) => {
    const tool = await getJson<SearchMessagesResponse>(t, `/v1/sessions/${id}/search?q=ENOSPC&role=tool`);
    expect(tool.data.every((hit) => hit.role === "tool")).toBe(true);
    expect(tool.data[0].snippet).toContain("[ENOSPC]");
    const limited = await getJson<SearchMessagesResponse>(t, `/v1/sessions/${id}/search?q=step&limit=2`);
    expect(limited.data).toHaveLength(2);
    expect((await getJson<SearchMessagesResponse>(t, `/v1/sessions/${id}/search?q=zzzznothing`)).data).toEqual([]);
    expect((await t.call("GET", `/v1/sessions/${id}/search`)).status).toBe(400);
  });
});
