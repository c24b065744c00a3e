import { describe, expect } from "vitest";
import { waitFor, type AgentApp } from "../fixtures/agent-harness.js";
import { fixtureServerConfig } from "../fixtures/mcp-server.js";
import { startMcpHttpServer, type McpHttpServer } from "../fixtures/mcp-http-server.js";
import { json, stringOf, type ListMessagesResponse, type ValidationProblem } from "../fixtures/responses.js";
import { it as suite } from "../fixtures/suite.js";
import type { PostMessageRunResponse } from "../../src/routes/messages/schemas.js";
import type { ListMcpServersResponse } from "../../src/routes/mcp/schemas.js";
import { fenced } from "../fixtures/fences.js";

/**
 * What goes wrong with MCP servers never fails a run: a server that crashes mid-call, takes too long, answers an
 * error, cannot start or went away answers the model with an error result, and the run goes on. A session that names
 * a server the server does not configure is refused.
 */

const BROKEN_TOKEN = "tok-broken-3f9a2c";

const it = suite
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("mcpHttp", { scope: "file" }, async ({}, { onCleanup }) => {
    const server = await startMcpHttpServer();
    onCleanup(() => server.close());
    return server;
  })
  .extend("appOptions", { scope: "file" }, ({ mcpHttp }: { mcpHttp: McpHttpServer }) => ({
    overrides: {
      mcp: {
        servers: {
          fx: fixtureServerConfig(),
          quick: fixtureServerConfig({}, { timeout_ms: 400 }),
          broken: fixtureServerConfig({ FIXTURE_FAIL_START: BROKEN_TOKEN }),
          web: { url: mcpHttp.url },
        },
      },
      agent: { approvals: { tools: { "mcp__*": "allow" } } },
    },
  }));

const post = (t: AgentApp, id: string, content: string) =>
  t.call("POST", `/v1/sessions/${id}/messages`, { content }).then((res) => json<PostMessageRunResponse>(res));

async function toolResults(t: AgentApp, id: string): Promise<string[]> {
  const rows = (await json<ListMessagesResponse>(await t.call("GET", `/v1/sessions/${id}/messages?limit=200`))).data;
  return rows.filter((m) => m.role === "tool").map((m) => stringOf(m.content));
}

async function server(t: AgentApp, name: string): Promise<ListMcpServersResponse["data"][number]> {
  const list = (await json<ListMcpServersResponse>(await t.call("GET", "/v1/mcp/servers"))).data;
  const found = list.find((s) => s.name === name);
  if (!found) throw new Error(`no server ${name}`);
  return found;
}

describe("MCP servers that fail", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("answers a call whose server crashes with an error result; the run completes, the server restarts and the next call works", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
    fake.enqueue(
      { tool_calls: [{ name: "mcp__fx__pid", arguments: {} }] },
      { tool_calls: [{ name: "mcp__fx__crash", arguments: {} }] },
      { content: "The tool crashed." },
    );
    const first = await post(t, id, "crash it");
    expect(first.run.status).toBe("completed");
    const [pid, crash] = await toolResults(t, id);
    expect(pid).toMatch(/^\d+$/);
    expect(crash).toMatch(/^Error: the MCP server fx stopped during the call to crash \(it is being restarted\)/);
    expect(fake.completions[2].body.messages.at(-1)).toMatchObject({
      role: "tool",
      content: fenced(crash, "mcp:fx/crash"),
    });

    fake.enqueue({ tool_calls: [{ name: "mcp__fx__pid", arguments: {} }] }, { content: "Back again." });
    const second = await post(t, id, "again");
    expect(second.run.status).toBe("completed");
    const [, , again] = await toolResults(t, id);
    expect(again).toMatch(/^\d+$/);
    expect(again).not.toBe(pid);
    expect(await server(t, "fx")).toMatchObject({ state: "ready", restarts: 1 });
    expect((await server(t, "fx")).last_error).toContain("crashing on purpose");
  });

  it("answers a call that outlasts the server's timeout_ms with an error, and the server goes on serving", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["quick"] } } });
    fake.enqueue(
      { tool_calls: [{ name: "mcp__quick__slow", arguments: { ms: 5000 } }] },
      { tool_calls: [{ name: "mcp__quick__echo", arguments: { text: "still here" } }] },
      { content: "done" },
    );
    const result = await post(t, id, "be slow");
    expect(result.run.status).toBe("completed");
    const [slow, echo] = await toolResults(t, id);
    expect(slow).toBe(
      "Error: the MCP server quick did not answer slow within 400 ms (mcp.servers.quick.timeout_ms); " +
        "the call's outcome is unknown",
    );
    expect(echo).toBe("echo: still here");
  });

  it("passes on a tool's error result and a server's refusal of bad arguments as error results", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
    fake.enqueue(
      { tool_calls: [{ name: "mcp__fx__fail", arguments: {} }] },
      { tool_calls: [{ name: "mcp__fx__add", arguments: { a: "two", b: 3 } }] },
      { content: "Both failed." },
    );
    expect((await post(t, id, "fail")).run.status).toBe("completed");
    const [fail, add] = await toolResults(t, id);
    expect(fail).toBe("Error: the disk is full");
    expect(add).toMatch(/^Error: .*Invalid arguments for tool add/);
  });

  it("offers no tools of a server that cannot start, runs on without them, and shows why it failed", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["broken", "fx"] } } });
    fake.enqueue({ content: "Working without it." });
    const result = await post(t, id, "hi");
    expect(result.run.status).toBe("completed");
    const offered = (fake.completions[0].body.tools ?? []).map((tool) => tool.function.name);
    expect(offered).toContain("mcp__fx__echo");
    expect(offered.filter((name) => name.startsWith("mcp__broken__"))).toEqual([]);
    const broken = await server(t, "broken");
    expect(broken).toMatchObject({ state: "failed", tools: [] });
    expect(broken.last_error).toContain("cannot start: token [configured] was refused");
    expect(broken.last_error).not.toContain(BROKEN_TOKEN);
  });

  it("answers a call to an HTTP server that went away with an error result, and marks it for a restart", async ({
    fake,
    mcpHttp,
    app: t,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["web"] } } });
    fake.enqueue({ content: "ready" });
    await post(t, id, "start");
    expect((await server(t, "web")).state).toBe("ready");
    await mcpHttp.close();
    fake.enqueue({ tool_calls: [{ name: "mcp__web__echo", arguments: { text: "anyone?" } }] }, { content: "gone" });
    expect((await post(t, id, "echo")).run.status).toBe("completed");
    const [echo] = await toolResults(t, id);
    expect(echo).toMatch(/^Error: could not reach the MCP server web to call echo: .+ \(it is being restarted\)$/);
    const web = await waitFor(async () => {
      const found = await server(t, "web");
      return found.restarts >= 1 && found.state === "failed" && found;
    });
    expect(web.last_error).not.toContain(mcpHttp.url);
  });
});

describe("a session that names MCP servers", () => {
  it("is refused when it names a server the server does not configure, every unknown name listed", async ({
    app: t,
  }) => {
    const before = (await t.app.services.store.sessions.list(200, null)).length;
    const res = await t.call("POST", "/v1/sessions", { config: { mcp: { servers: ["fx", "nope", "ghost"] } } });
    expect(res.status).toBe(400);
    const problem = await json<ValidationProblem>(res);
    expect(problem.code).toBe("validation_failed");
    expect(problem.errors).toEqual([
      {
        location: "body.config.mcp.servers.1",
        message: 'unknown MCP server "nope"; the configured servers are fx, quick, broken, web',
      },
      {
        location: "body.config.mcp.servers.2",
        message: 'unknown MCP server "ghost"; the configured servers are fx, quick, broken, web',
      },
    ]);
    expect(await t.app.services.store.sessions.list(200, null)).toHaveLength(before);

    const id = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
    const patch = await t.call("PATCH", `/v1/sessions/${id}`, { config: { mcp: { servers: ["nope"] } } });
    expect(patch.status).toBe(400);
    expect((await json<ValidationProblem>(patch)).errors.map((e) => e.location)).toEqual(["body.config.mcp.servers.0"]);
    expect((await t.app.services.sessions.require(id)).config).toMatchObject({ mcp: { servers: ["fx"] } });
  });

  it("is refused for a name that no server could have, with the rule", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/sessions", { config: { mcp: { servers: ["has space", "x".repeat(33)] } } });
    expect(res.status).toBe(400);
    const problem = await json<ValidationProblem>(res);
    expect(problem.errors.map((e) => e.location)).toEqual(["body.config.mcp.servers.0", "body.config.mcp.servers.1"]);
    expect(problem.errors[0].message).toBe("an MCP server name: 1 to 32 letters, digits, _ or -");
  });
});
