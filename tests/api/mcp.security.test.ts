import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { waitFor, type AgentApp } from "../fixtures/agent-harness.js";
import { fixtureServerConfig, MCP_SERVER_SCRIPT } from "../fixtures/mcp-server.js";
import { startMcpHttpServer, type McpHttpServer } from "../fixtures/mcp-http-server.js";
import { json, type SessionResponse, type ValidationProblem } from "../fixtures/responses.js";
import { it as suite } from "../fixtures/suite.js";
import { tempDir } from "../fixtures/test-app.js";
import type { PostMessageRunResponse } from "../../src/routes/messages/schemas.js";
import type { ListMcpServersResponse } from "../../src/routes/mcp/schemas.js";
import { fenced } from "../fixtures/fences.js";

/**
 * MCP servers are the operator's: a session can only pick among them by name, never define one (no command, URL,
 * environment or headers from a client), cannot lift the approval MCP tools need, and nothing the API shows of a
 * server gives away how it is started or reached — those settings carry secrets.
 */

const API_KEY = "mcp-security-key";
const ENV_SECRET = "env-secret-9d8e7f6a5b4c";
const STDERR_SECRET = "stderr-secret-1a2b3c4d";
const URL_SECRET = "url-secret-5e6f7a8b";
const HEADER_SECRET = "header-secret-0f1e2d3c";
const LEAKED_VARIABLE = "CADUCEUS_MCP_TEST_PARENT_ONLY";

const files = tempDir("caduceus-mcp-sec-");
const marker = join(files, "pwned");
const starts = join(files, "fx.starts");
const startCount = () => (existsSync(starts) ? readFileSync(starts, "utf8").split("\n").filter(Boolean).length : 0);

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
      server: { api_key: API_KEY },
      mcp: {
        servers: {
          fx: fixtureServerConfig({ FIXTURE_STARTS_FILE: starts, FIXTURE_SECRET_ENV: ENV_SECRET }),
          broken: fixtureServerConfig({ FIXTURE_FAIL_START: STDERR_SECRET }),
          web: { url: `${mcpHttp.url}?token=${URL_SECRET}`, headers: { Authorization: `Bearer ${HEADER_SECRET}` } },
        },
      },
      agent: { approvals: { tools: { mcp__fx__read_env: "allow" } } },
    },
  }));

const post = (t: AgentApp, id: string, content: string) =>
  t.call("POST", `/v1/sessions/${id}/messages`, { content }).then((res) => json<PostMessageRunResponse>(res));

/** The attacks: a session that brings its own server, in every shape a client might try. */
const ATTACKS: Array<Record<string, unknown>> = [
  { servers: { evil: { command: "touch", args: [marker] } } },
  { servers: [{ command: "touch", args: [marker] }] },
  { servers: ["fx"], command: "touch", args: [marker] },
  { evil: { command: "touch", args: [marker] } },
  { servers: ["fx"], env: { PATH: files } },
  { servers: ["web"], url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer mine" } },
];

describe("a session and the operator's MCP servers", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("cannot define a server on create or PATCH: each shape is a 400 saying servers are server-only, and nothing runs", async ({
    app: t,
  }) => {
    const servers = () => t.app.services.mcp.servers().map((s) => s.name);
    const before = (await t.app.services.store.sessions.list(200, null)).length;
    for (const mcp of ATTACKS) {
      const res = await t.call("POST", "/v1/sessions", { config: { mcp } });
      expect(res.status, JSON.stringify(mcp)).toBe(400);
      const problem = await json<ValidationProblem>(res);
      expect(problem.code).toBe("validation_failed");
      expect(problem.errors.every((e) => e.location.startsWith("body.config.mcp"))).toBe(true);
      expect(problem.errors.map((e) => e.message).join(" ")).toMatch(/server-only/);
    }
    expect(await t.app.services.store.sessions.list(200, null)).toHaveLength(before);

    const id = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
    for (const mcp of ATTACKS) {
      const res = await t.call("PATCH", `/v1/sessions/${id}`, { config: { mcp } });
      expect(res.status, JSON.stringify(mcp)).toBe(400);
    }
    const session = await json<SessionResponse>(await t.call("GET", `/v1/sessions/${id}`));
    expect(session.config.mcp.servers).toEqual(["fx"]);
    expect(servers()).toEqual(["fx", "broken", "web"]);
    expect(existsSync(marker)).toBe(false);
    expect(startCount()).toBe(0);
  });

  it("names the refused key and who sets it", async ({ app: t }) => {
    const res = await t.call("POST", "/v1/sessions", { config: { mcp: { command: "touch", args: [marker] } } });
    const problem = await json<ValidationProblem>(res);
    expect(problem.errors).toEqual([
      {
        location: "body.config.mcp.command",
        message: expect.stringMatching(
          /^mcp\.command is not a session setting: MCP servers .* are server-only settings/,
        ),
      },
      { location: "body.config.mcp.args", message: expect.stringContaining("mcp.args is not a session setting") },
    ]);
    const list = await t.call("POST", "/v1/sessions", { config: { mcp: { servers: { evil: { command: "touch" } } } } });
    expect((await json<ValidationProblem>(list)).errors).toEqual([
      {
        location: "body.config.mcp.servers",
        message: expect.stringContaining("must be a list of server names; MCP servers (their command, args, env"),
      },
    ]);
  });

  it("gains nothing from a server definition stored in its row: only configured names are read", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["broken"] } } });
    const legacy = { mcp: { servers: ["broken", "evil"], evil: { command: "touch", args: [marker] } } };
    await t.query("update sessions set config_json = $1 where id = $2", [JSON.stringify(legacy), id]);
    const session = await json<SessionResponse>(await t.call("GET", `/v1/sessions/${id}`));
    expect(session.config.mcp.servers).toEqual(["broken"]);
    fake.enqueue({ content: "ok" });
    expect((await post(t, id, "hi")).run.status).toBe("completed");
    expect(existsSync(marker)).toBe(false);
    expect(t.app.services.mcp.servers().map((s) => s.name)).toEqual(["fx", "broken", "web"]);
  });

  it("cannot lift the approval an MCP tool needs, and an MCP tool cannot read the server's own environment", async ({
    app: t,
    fake,
  }) => {
    const id = await t.createSession({
      config: { mcp: { servers: ["fx"] }, agent: { approvals: { default: "allow", tools: { "mcp__*": "allow" } } } },
    });
    fake.enqueue({ tool_calls: [{ name: "mcp__fx__echo", arguments: { text: "let me" } }] });
    const paused = await post(t, id, "echo");
    expect(paused.run.status).toBe("requires_action");
    expect(paused.interrupts.map((i) => i.tool)).toEqual(["mcp__fx__echo"]);
    await t.call("POST", `/v1/runs/${paused.run.id}/cancel`, {});

    process.env[LEAKED_VARIABLE] = "parent-only";
    try {
      const other = await t.createSession({ config: { mcp: { servers: ["fx"] } } });
      fake.reset();
      fake.enqueue(
        { tool_calls: [{ name: "mcp__fx__read_env", arguments: { name: LEAKED_VARIABLE } }] },
        { tool_calls: [{ name: "mcp__fx__read_env", arguments: { name: "FIXTURE_SECRET_ENV" } }] },
        { content: "done" },
      );
      expect((await post(t, other, "env")).run.status).toBe("completed");
      const results = fake.completions.slice(1).map((request) => request.body.messages.at(-1)?.content);
      expect(results).toEqual([
        fenced(`${LEAKED_VARIABLE} is not set`, "mcp:fx/read_env"),
        fenced("FIXTURE_SECRET_ENV is set", "mcp:fx/read_env"),
      ]);
    } finally {
      delete process.env[LEAKED_VARIABLE];
    }
  });
});

describe("GET /v1/mcp/servers", () => {
  it("needs the API key", async ({ app: t }) => {
    const res = await t.app.request("/v1/mcp/servers");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("never shows a server's command line, URL, environment or headers, nor secrets its errors carried", async ({
    app: t,
    fake,
    mcpHttp,
  }) => {
    const id = await t.createSession({ config: { mcp: { servers: ["fx", "broken", "web"] } } });
    fake.enqueue({ content: "started" });
    await post(t, id, "start them");
    // An earlier test may have left the broken server retrying: its attempt ends failed again.
    await waitFor(() => t.app.services.mcp.servers().find((s) => s.name === "broken")?.state === "failed", 15_000);
    const res = await t.call("GET", "/v1/mcp/servers");
    const text = await res.clone().text();
    const body = await json<ListMcpServersResponse>(res);
    expect(body.data.map((s) => [s.name, s.transport, s.state])).toEqual([
      ["fx", "stdio", "ready"],
      ["broken", "stdio", "failed"],
      ["web", "http", "ready"],
    ]);
    expect(body.data.find((s) => s.name === "broken")?.last_error).toContain("[configured]");
    for (const secret of [
      ENV_SECRET,
      STDERR_SECRET,
      URL_SECRET,
      HEADER_SECRET,
      MCP_SERVER_SCRIPT,
      // The program the server entry runs (the compiled copy, when the run compiled one).
      String(fixtureServerConfig().args.at(-1)),
      process.execPath,
      mcpHttp.url,
      files,
    ])
      expect(text).not.toContain(secret);
    for (const key of ["command", "args", "env", "cwd", "url", "headers"]) expect(text).not.toContain(`"${key}"`);
    // The configured header did reach the HTTP server, where it belongs.
    expect(mcpHttp.headers.some((headers) => headers.authorization === `Bearer ${HEADER_SECRET}`)).toBe(true);
  });
});
