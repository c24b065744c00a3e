import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { makeAgentApp, waitFor, type AgentApp } from "../fixtures/agent-harness.js";
import { fixtureServerConfig } from "../fixtures/mcp-server.js";
import { startMcpHttpServer, type McpHttpServer } from "../fixtures/mcp-http-server.js";
import { RED_DOT_PNG_BASE64 } from "../fixtures/mcp-tools.js";
import { json, type ListMessagesResponse, type MessageRow, type SessionResponse } from "../fixtures/responses.js";
import { it as suite } from "../fixtures/suite.js";
import { tempDir } from "../fixtures/test-app.js";
import { fenced } from "../fixtures/fences.js";
import type { PostMessageRunResponse } from "../../src/routes/messages/schemas.js";
import type { ListMcpServersResponse } from "../../src/routes/mcp/schemas.js";
import type { InterruptAnsweredResponse, RunResourceResponse } from "../../src/routes/runs/schemas.js";

/**
 * MCP servers as tool sources, through the real app: a fixture MCP server run as a child process over stdio (and one
 * over streamable HTTP in this process), the fake model scripting the calls, and what the model is sent afterwards.
 */

const files = tempDir("caduceus-mcp-");
const startsOf = (name: string) => join(files, `${name}.starts`);
const callsOf = (name: string) => join(files, `${name}.calls`);
const lines = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : []);
const HTTP_TOKEN = "fixture-header-token-7c1d";

const it = suite
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("mcpHttp", { scope: "file" }, async ({}, { onCleanup }) => {
    const server = await startMcpHttpServer();
    onCleanup(async () => {
      await server.close();
      rmSync(files, { recursive: true, force: true });
    });
    return server;
  })
  .extend("appOptions", { scope: "file" }, ({ mcpHttp }: { mcpHttp: McpHttpServer }) => ({
    overrides: {
      mcp: {
        servers: {
          fx: fixtureServerConfig({ FIXTURE_STARTS_FILE: startsOf("fx"), FIXTURE_CALLS_FILE: callsOf("fx") }),
          asker: fixtureServerConfig({ FIXTURE_CALLS_FILE: callsOf("asker") }),
          web: { url: mcpHttp.url, headers: { "X-Fixture-Token": HTTP_TOKEN } },
          spare: { ...fixtureServerConfig({ FIXTURE_STARTS_FILE: startsOf("spare") }), enabled_by_default: false },
        },
      },
      agent: { approvals: { tools: { "mcp__fx__*": "allow", "mcp__web__*": "allow" } } },
    },
  }));

const post = (t: AgentApp, id: string, content: string) =>
  t.call("POST", `/v1/sessions/${id}/messages`, { content }).then((res) => json<PostMessageRunResponse>(res));

async function transcript(t: AgentApp, id: string): Promise<MessageRow[]> {
  return (await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${id}/messages?limit=200`))).data;
}

async function servers(t: AgentApp): Promise<ListMcpServersResponse["data"]> {
  const res = await t.call("GET", "/v1/mcp/servers");
  expect(res.status).toBe(200);
  return (await json<ListMcpServersResponse>(res)).data;
}

const toolNames = (request: { body: { tools?: Array<{ function: { name: string } }> } }) =>
  (request.body.tools ?? []).map((tool) => tool.function.name);

describe("MCP servers as tool sources", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("starts a server when a session first needs it and offers its tools from the first turn; the result reaches the model", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
    expect(lines(startsOf("fx"))).toEqual([]);
    expect((await servers(t)).find((s) => s.name === "fx")?.state).toBe("idle");

    fake.enqueue({ tool_calls: [{ id: "call_echo", name: "mcp__fx__echo", arguments: { text: "hello" } }] });
    fake.enqueue({ content: "It said hello." });
    const result = await post(t, id, "echo hello");
    expect(result.run.status).toBe("completed");
    expect(result.interrupts ?? []).toEqual([]);
    expect(lines(startsOf("fx"))).toHaveLength(1);
    expect(lines(callsOf("fx"))).toEqual(["echo"]);

    const [first, second] = fake.completions;
    const echo = first.body.tools?.find((tool) => tool.function.name === "mcp__fx__echo");
    expect(echo?.function).toEqual({
      name: "mcp__fx__echo",
      description: "Echoes its text",
      parameters: {
        type: "object",
        properties: { text: { type: "string", description: "What to echo" } },
        required: ["text"],
      },
    });
    // What an MCP server answers reaches the model fenced, as untrusted content; the transcript keeps it as it came.
    expect(second.body.messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_echo",
      content: fenced("echo: hello", "mcp:fx/echo"),
    });
    expect((await transcript(t, id)).map((m) => [m.role, m.name ?? null, m.content])).toEqual([
      ["user", null, "echo hello"],
      ["assistant", null, null],
      ["tool", "mcp__fx__echo", "echo: hello"],
      ["assistant", null, "It said hello."],
    ]);
    // One connection serves every session: a second session reuses the running server.
    const other = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
    fake.enqueue({ tool_calls: [{ name: "mcp__fx__add", arguments: { a: 2, b: 40 } }] }, { content: "42" });
    await post(t, other, "add");
    expect(fake.completions[3].body.messages.at(-1)).toMatchObject({
      role: "tool",
      content: fenced("42", "mcp:fx/add"),
    });
    expect(lines(startsOf("fx"))).toHaveLength(1);
  });

  it("asks for approval of an MCP tool no pattern names, and runs it once approved", async ({ app: t, fake }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["asker"] } } });
    fake.enqueue({ tool_calls: [{ id: "call_add", name: "mcp__asker__add", arguments: { a: 2, b: 3 } }] });
    fake.enqueue({ content: "2 + 3 = 5" });
    const paused = await post(t, id, "add 2 and 3");
    expect(paused.run.status).toBe("requires_action");
    expect(paused.interrupts).toHaveLength(1);
    expect(paused.interrupts[0]).toMatchObject({
      kind: "approval",
      tool: "mcp__asker__add",
      arguments: '{"a":2,"b":3}',
    });
    expect(lines(callsOf("asker"))).toEqual([]);

    const answer = await t.call("POST", `/v1/sessions/${id}/interrupts/${paused.interrupts[0].id}`, {
      decision: "approve",
    });
    expect((await json<InterruptAnsweredResponse>(answer)).interrupt.status).toBe("answered");
    const done = await waitFor(async () => {
      const run = await json<RunResourceResponse>(await t.call("GET", `/v1/runs/${paused.run.id}`));
      return run.status === "completed" && run;
    });
    expect(done.status).toBe("completed");
    expect(lines(callsOf("asker"))).toEqual(["add"]);
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_add",
      content: fenced("5", "mcp:asker/add"),
    });
  });

  it("offers a tool a server adds at run time (notifications/tools/list_changed) in the next model request", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
    fake.enqueue({ tool_calls: [{ name: "mcp__fx__add_tool", arguments: { name: "fresh" } }] });
    fake.enqueue({ tool_calls: [{ name: "mcp__fx__fresh", arguments: {} }] });
    fake.enqueue({ content: "The new tool ran." });
    const result = await post(t, id, "add a tool and use it");
    expect(result.run.status).toBe("completed");
    const [first, second, third] = fake.completions;
    expect(toolNames(first)).not.toContain("mcp__fx__fresh");
    expect(toolNames(second)).toContain("mcp__fx__fresh");
    expect(second.body.messages.at(-1)).toMatchObject({
      role: "tool",
      content: fenced("added fresh", "mcp:fx/add_tool"),
    });
    expect(third.body.messages.at(-1)).toMatchObject({ role: "tool", content: fenced("fresh ran", "mcp:fx/fresh") });
    const fx = (await servers(t)).find((s) => s.name === "fx");
    expect(fx?.tools).toContainEqual({
      name: "mcp__fx__fresh",
      original_name: "fresh",
      description: "Added at run time: fresh",
    });
  });

  it("hands back a tool's image beside a text line describing it", async ({ app: t, fake }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
    fake.enqueue({ tool_calls: [{ name: "mcp__fx__image", arguments: {} }] }, { content: "A red dot." });
    await post(t, id, "show me");
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({
      role: "tool",
      content: fenced("a red dot\n[image 1: image/png, 70 bytes]", "mcp:fx/image"),
    });
    // The output the agent's loop receives carries the PNG itself.
    const session = await t.app.services.sessions.require(id);
    const tool = t.app.services.mcp.toolsFor(session).find((d) => d.name === "mcp__fx__image");
    const output = await tool!.execute({}, { session, runId: null });
    expect(output.images).toEqual([{ mime_type: "image/png", data: Buffer.from(RED_DOT_PNG_BASE64, "base64") }]);
  });

  it("lists every server with its transport, state and tools under their OpenAI-safe names", async ({
    app: t,
    fake,
  }) => {
    // A run of a session that uses fx has started it (if no earlier test did).
    fake.enqueue({ content: "ok" });
    await post(t, await t.createSession({ config: { mcp: { servers: ["fx"] } } }), "hi");
    const list = await servers(t);
    expect(list.map((s) => [s.name, s.transport, s.enabled_by_default])).toEqual([
      ["fx", "stdio", true],
      ["asker", "stdio", true],
      ["web", "http", true],
      ["spare", "stdio", false],
    ]);
    const fx = list.find((s) => s.name === "fx")!;
    expect(fx).toMatchObject({ state: "ready", last_error: null, restarts: 0 });
    expect(fx.tools).toContainEqual({ name: "mcp__fx__echo", original_name: "echo", description: "Echoes its text" });
    expect(fx.tools).toContainEqual({
      name: "mcp__fx__get_page",
      original_name: "get.page",
      description: "A name with a dot in it",
    });
    const long = fx.tools.find((tool) => tool.original_name.startsWith("a_tool_whose_name"))!;
    expect(long.name).toMatch(/^mcp__fx__a_tool_whose_name_is_far_too_long[A-Za-z0-9_-]*_[0-9a-f]{8}$/);
    expect(long.name).toHaveLength(64);
    for (const tool of fx.tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    // No session needed the spare server: it never started.
    expect(list.find((s) => s.name === "spare")).toMatchObject({ state: "idle", tools: [] });
    expect(lines(startsOf("spare"))).toEqual([]);

    // The same servers as Hermes toolsets: one mcp-<server> each, after the built-in ones.
    type Toolset = { name: string; enabled: boolean; tools: string[]; source: string; state: string | null };
    const toolsets = (await json<{ data: Toolset[] }>(await t.call("GET", "/v1/toolsets"))).data;
    expect(toolsets.filter((set) => set.source === "mcp").map((set) => [set.name, set.enabled])).toEqual([
      ["mcp-fx", true],
      ["mcp-asker", true],
      ["mcp-web", true],
      ["mcp-spare", false],
    ]);
    const fxSet = toolsets.find((set) => set.name === "mcp-fx")!;
    expect(fxSet).toMatchObject({ state: "ready" });
    expect(fxSet.tools).toEqual(fx.tools.map((tool) => tool.name).sort());
    expect(toolsets.find((set) => set.name === "mcp-spare")).toMatchObject({ state: "idle", tools: [] });
  });

  it("calls a tool of a streamable HTTP server, sending its configured headers", async ({ app: t, fake, mcpHttp }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["web"] } } });
    fake.enqueue({ tool_calls: [{ name: "mcp__web__echo", arguments: { text: "over http" } }] }, { content: "ok" });
    const result = await post(t, id, "echo over http");
    expect(result.run.status).toBe("completed");
    expect(toolNames(fake.completions[0])).toContain("mcp__web__echo");
    expect(fake.completions[1].body.messages.at(-1)).toMatchObject({
      role: "tool",
      content: fenced("echo: over http", "mcp:web/echo"),
    });
    expect(mcpHttp.headers.length).toBeGreaterThan(0);
    expect(mcpHttp.headers.every((headers) => headers["x-fixture-token"] === HTTP_TOKEN)).toBe(true);
    expect((await servers(t)).find((s) => s.name === "web")).toMatchObject({ transport: "http", state: "ready" });
  });

  it("offers a session the servers it chooses, else those enabled by default, and shows them in its config", async ({
    app: t,
    fake,
  }) => {
    const chosen = (session: SessionResponse) => session.config.mcp.servers;
    const res = await t.call("POST", "/v1/sessions", {});
    const session = await json<SessionResponse>(res);
    expect(chosen(session)).toEqual(["fx", "asker", "web"]);
    const patched = await t.call("PATCH", `/v1/sessions/${session.id}`, { config: { mcp: { servers: ["spare"] } } });
    expect(patched.status).toBe(200);
    expect(chosen(await json<SessionResponse>(patched))).toEqual(["spare"]);
    fake.enqueue({ content: "no tools needed" });
    await post(t, session.id, "hi");
    const offered = toolNames(fake.completions[0]).filter((name) => name.startsWith("mcp__"));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((name) => name.startsWith("mcp__spare__"))).toBe(true);
    expect(lines(startsOf("spare"))).toHaveLength(1);

    const none = await t.call("PATCH", `/v1/sessions/${session.id}`, { config: { mcp: { servers: [] } } });
    expect(chosen(await json<SessionResponse>(none))).toEqual([]);
    fake.enqueue({ content: "still fine" });
    await post(t, session.id, "again");
    expect(toolNames(fake.completions[1]).filter((name) => name.startsWith("mcp__"))).toEqual([]);
    const reset = await t.call("PATCH", `/v1/sessions/${session.id}`, { config: { mcp: { servers: null } } });
    expect(chosen(await json<SessionResponse>(reset))).toEqual(["fx", "asker", "web"]);
  });
});

describe("shutting down", () => {
  it("stops the servers' processes with the app", async ({ fake }) => {
    const dir = tempDir("caduceus-mcp-stop-");
    const starts = join(dir, "starts");
    const t = await makeAgentApp(fake, {
      overrides: {
        mcp: { servers: { fx: fixtureServerConfig({ FIXTURE_STARTS_FILE: starts }) } },
        agent: { approvals: { tools: { "mcp__*": "allow" } } },
      },
    });
    let closed = false;
    try {
      const id = await t.createSession();
      fake.reset();
      fake.enqueue({ tool_calls: [{ name: "mcp__fx__pid", arguments: {} }] }, { content: "done" });
      await post(t, id, "pid");
      const pid = Number((await transcript(t, id)).find((row) => row.role === "tool")?.content);
      expect(lines(starts)).toEqual([String(pid)]);
      expect(() => process.kill(pid, 0)).not.toThrow();
      await t.close();
      closed = true;
      expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
    } finally {
      if (!closed) await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
