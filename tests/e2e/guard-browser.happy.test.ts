import { describe, expect } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import { startGuardWorld, type GuardWorld } from "../fixtures/guard-harness.js";
import { ownedByFixture } from "../fixtures/open-handles.js";
import { json, type ListMessagesResponse, type MessageRow } from "../fixtures/responses.js";
import { it as suite } from "../fixtures/suite.js";
import { makeTestApp } from "../fixtures/test-app.js";
import type { GuardDecision } from "../../src/kernel/provenance.js";
import type { PostMessageRunResponse } from "../../src/routes/messages/schemas.js";
import type { InterruptListResponse, RunResourceResponse } from "../../src/routes/runs/schemas.js";
import type { PrivateValueListResponse } from "../../src/routes/guard/schemas.js";

/**
 * The guard in the browser, call by call: what a snapshot's row says of the page, its cross-origin iframe and a
 * dialog; a hold whose chain names the iframe the words came from; a held navigation a person approves, which then
 * goes through the gate; an origin the operator trusts; a password the agent typed, kept private from then on.
 */

const it = suite.extend("world", { scope: "file" }, async ({ fake }, { onCleanup }) => {
  const world = await startGuardWorld(fake);
  ownedByFixture(world.app);
  onCleanup(() => world.close());
  return world;
});

type Turn = { tool_calls?: Array<{ id?: string; name: string; arguments: Record<string, unknown> }>; content?: string };

async function run(world: GuardWorld, id: string, content: string, turns: Turn[]): Promise<PostMessageRunResponse> {
  world.fake.reset();
  world.fake.enqueue(...turns);
  return json<PostMessageRunResponse>(await world.app.call("POST", `/v1/sessions/${id}/messages`, { content }));
}

async function rows(world: GuardWorld, id: string): Promise<MessageRow[]> {
  return (await json<ListMessagesResponse>(await world.app.call("GET", `/v1/sessions/${id}/messages?limit=200`))).data;
}

async function decisions(world: GuardWorld, id: string): Promise<GuardDecision[]> {
  return (await world.app.store.events.after(id, 0, 1000))
    .filter((event) => event.type.startsWith("guard."))
    .map((event) => event.data as GuardDecision);
}

const text = (content: unknown) => (typeof content === "string" ? content : JSON.stringify(content));

const newSession = async (world: GuardWorld) =>
  (await json<{ id: string }>(await world.app.call("POST", "/v1/sessions", {}))).id;

describe("the guard in the browser", () => {
  it("records a snapshot's sources: the page, its cross-origin iframe (frame id, origin) and a dialog", async ({
    world,
  }) => {
    const id = await newSession(world);
    const weather = world.pages.url("127.0.0.1", "/inject/iframe");
    const notice = world.pages.url("127.0.0.1", "/benign/alert");
    await run(world, id, `Read ${weather} and ${notice}`, [
      { tool_calls: [{ id: "nav", name: "browser_navigate", arguments: { url: weather } }] },
      { tool_calls: [{ id: "snap", name: "browser_snapshot", arguments: {} }] },
      { tool_calls: [{ id: "alert", name: "browser_navigate", arguments: { url: notice } }] },
      { tool_calls: [{ id: "close", name: "browser_dialog", arguments: { action: "dismiss" } }] },
      { content: "Read both." },
    ]);
    const byCall = new Map((await rows(world, id)).map((row) => [row.tool_call_id, row]));
    const snapshot = byCall.get("snap")!.provenance!;
    expect(snapshot.trusted).toBe(false);
    const frame = snapshot.sources.find((source) => source.kind === "frame");
    expect(snapshot.sources[0]).toMatchObject({ kind: "page", source: weather, origin: new URL(weather).origin });
    expect(frame).toMatchObject({
      source: world.pages.url("localhost", "/inject/iframe-content"),
      origin: new URL(world.pages.url("localhost", "/")).origin,
      iframe_ref: expect.stringMatching(/^e\d+$/),
      frame_id: expect.stringMatching(/^[0-9A-F]{32}$/),
    });
    const alert = byCall.get("alert")!.provenance!.sources;
    expect(alert).toContainEqual(
      expect.objectContaining({ kind: "dialog", dialog_id: expect.stringMatching(/^d-\d+$/) }),
    );
    // What the model was sent for the snapshot is fenced, its label naming the page and the frame.
    const snapRequest = world.fake.completions[2].body.messages.at(-1)!;
    expect(text(snapRequest.content)).toMatch(
      new RegExp(`^<untrusted-content id="[0-9a-f]{16}" source="page ${weather}; frame http://localhost:\\d+ \\(`),
    );
  });

  it("holds a navigation an iframe asked for, showing the frame and the words; approved, it goes through", async ({
    world,
  }) => {
    const id = await newSession(world);
    const weather = world.pages.url("127.0.0.1", "/inject/iframe");
    const other = world.pages.url("localhost", "/benign/about");
    const paused = await run(world, id, `Summarize ${weather}`, [
      { tool_calls: [{ name: "browser_navigate", arguments: { url: weather } }] },
      { tool_calls: [{ name: "browser_snapshot", arguments: {} }] },
      { tool_calls: [{ id: "go_other", name: "browser_navigate", arguments: { url: other } }] },
      { content: "Went there." },
    ]);
    expect(paused.run.status).toBe("requires_action");
    const [held] = (await json<InterruptListResponse>(await world.app.call("GET", `/v1/sessions/${id}/interrupts`)))
      .data;
    expect(held).toMatchObject({
      kind: "guard",
      guard: {
        action: { kind: "navigate", target: other, target_origin: new URL(other).origin },
        code: "untrusted_origin",
      },
    });
    // The chain ends with the newest page read (its frame tree names the target's host).
    expect(held.guard!.provenance.at(-1)).toMatchObject({ kind: "page", source: weather });

    await world.app.call("POST", `/v1/sessions/${id}/interrupts/${held.id}`, { decision: "approve" });
    const done = await waitFor(async () => {
      const now = await json<RunResourceResponse>(await world.app.call("GET", `/v1/runs/${paused.run.id}`));
      return now.status === "completed" && now;
    }, 20_000);
    expect(done.status).toBe("completed");
    const result = (await rows(world, id)).find((row) => row.tool_call_id === "go_other")!;
    expect(JSON.parse(text(result.content))).toMatchObject({ ok: true, url: other, title: "About" });
    expect((await decisions(world, id)).map((d) => [d.decision, d.by])).toEqual([
      ["held", "guard"],
      ["allowed", "user"],
    ]);
  });

  it("names the iframe whose words named the target in a hold's chain, the target highlighted", async ({ world }) => {
    const id = await newSession(world);
    const weather = world.pages.url("127.0.0.1", "/inject/iframe");
    const steal = world.attacker.url("/iframe");
    const paused = await run(world, id, `Summarize ${weather}`, [
      { tool_calls: [{ name: "browser_navigate", arguments: { url: weather } }] },
      { tool_calls: [{ name: "browser_snapshot", arguments: {} }] },
      { tool_calls: [{ name: "browser_navigate", arguments: { url: steal } }] },
      { content: "Done." },
    ]);
    const [held] = (await json<InterruptListResponse>(await world.app.call("GET", `/v1/sessions/${id}/interrupts`)))
      .data;
    const framed = held.guard!.provenance.find((item) => item.kind === "frame")!;
    expect(framed).toMatchObject({
      source: world.pages.url("localhost", "/inject/iframe-content"),
      origin: new URL(world.pages.url("localhost", "/")).origin,
      frame_id: expect.stringMatching(/^[0-9A-F]{32}$/),
    });
    expect(framed.excerpt.slice(framed.highlight!.start, framed.highlight!.end)).toBe(steal);
    await world.app.call("POST", `/v1/sessions/${id}/interrupts/${held.id}`, { decision: "deny" });
    await waitFor(async () => {
      const now = await json<RunResourceResponse>(await world.app.call("GET", `/v1/runs/${paused.run.id}`));
      return now.status === "completed";
    }, 20_000);
    expect(world.attacker.hits).toEqual([]);
  });

  it("keeps a password the agent typed private from then on, bound to the page it was typed into", async ({
    world,
  }) => {
    const id = await newSession(world);
    const login = world.pages.url("127.0.0.1", "/benign/login");
    const password = "typed-secret-4455";
    await run(world, id, `Open ${login}`, [
      { tool_calls: [{ name: "browser_navigate", arguments: { url: login } }] },
      { tool_calls: [{ id: "look", name: "browser_snapshot", arguments: {} }] },
      { content: "It asks for a username and a password." },
    ]);
    const snapshot = (await rows(world, id)).find((row) => row.tool_call_id === "look")!;
    const outline = (JSON.parse(text(snapshot.content)) as { outline: string }).outline;
    const ref = /textbox "Password" \[ref=(\w+)\]/.exec(outline)![1];
    await run(world, id, "Type the password I gave you", [
      { tool_calls: [{ name: "browser_type", arguments: { ref, text: password } }] },
      { content: "Typed." },
    ]);
    const values = await json<PrivateValueListResponse>(
      await world.app.call("GET", `/v1/sessions/${id}/private-values`),
    );
    expect(values.data).toEqual([expect.objectContaining({ source: "typed", origins: [new URL(login).origin] })]);
    // Sent elsewhere afterwards, it is refused.
    const elsewhere = world.pages.url("localhost", `/benign/about?p=${password}`);
    const result = await run(world, id, `Now open ${elsewhere}`, [
      { tool_calls: [{ id: "leak", name: "browser_navigate", arguments: { url: elsewhere } }] },
      { content: "Refused." },
    ]);
    expect(result.run.status).toBe("completed");
    expect((await rows(world, id)).find((row) => row.tool_call_id === "leak")?.content).toMatch(
      /^Error: the guard refused browser_navigate: .*secret/,
    );
    expect(world.pages.hits.some((hit) => hit.url.includes(password))).toBe(false);
  });

  it("lets the agent reach an origin the operator trusts without asking", async ({ world, fake }) => {
    const trusted = world.pages.url("localhost", "/benign/about");
    const app = await makeTestApp({
      model: { name: "fake-model", base_url: fake.baseUrl, api_key: "test-key", max_retries: 0, timeout_s: 30 },
      agent: { guard: { trusted_origins: [`localhost:${world.pages.port}`] } },
    });
    try {
      const id = (await json<{ id: string }>(await app.call("POST", "/v1/sessions", {}))).id;
      const page = world.pages.url("127.0.0.1", "/benign/article");
      fake.reset();
      fake.enqueue(
        { tool_calls: [{ name: "browser_navigate", arguments: { url: page } }] },
        { tool_calls: [{ name: "browser_snapshot", arguments: {} }] },
        { tool_calls: [{ name: "browser_navigate", arguments: { url: trusted } }] },
        { content: "Done." },
      );
      const result = await json<PostMessageRunResponse>(
        await app.call("POST", `/v1/sessions/${id}/messages`, { content: `Read ${page}` }),
      );
      expect(result.run.status).toBe("completed");
      expect(result.interrupts ?? []).toEqual([]);
      await app.call("DELETE", `/v1/sessions/${id}`);
    } finally {
      await app.close();
    }
  });
});
