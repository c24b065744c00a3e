import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testTools, toolProvider } from "../fixtures/agent-harness.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { captureLogs, LOG_LEVEL, type LogLine } from "../fixtures/log-lines.js";
import { json, type PostMessageRunResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

/** What the operator reads at `info`: each run, tool call, failed model attempt, and how a run ended. */
describe("the log of a run", () => {
  let fake: FakeModelServer;
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeTestApp(
      {
        logging: { level: "info" },
        // One retry, so a failed attempt followed by a good one is a real SDK retry.
        model: { name: "fake-model", base_url: fake.baseUrl, api_key: "test-key", max_retries: 1, timeout_s: 10 },
      },
      {
        logDestination: logs.stream,
        beforeStartup: (app) => app.services.toolProviders.push(toolProvider([testTools.echo, testTools.fail])),
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    logs.lines.length = 0;
  });

  const post = (id: string, content: string) => t.call("POST", `/v1/sessions/${id}/messages`, { content });
  const linesOf = (msg: string) => logs.lines.filter((line) => line.msg === msg);
  const only = (msg: string): LogLine => {
    const found = linesOf(msg);
    expect(found, msg).toHaveLength(1);
    return found[0];
  };

  it("tells a run with tool calls and a retried model call from start to end", async () => {
    const id = await createSessionId(t);
    fake.enqueue(
      {
        tool_calls: [
          { id: "c1", name: "echo", arguments: { text: "hi" } },
          { id: "c2", name: "fail", arguments: {} },
        ],
      },
      { status: 500, error: { message: "upstream overloaded" } },
      { content: "done" },
    );
    const res = await post(id, "use the tools");
    expect(res.status).toBe(200);
    const { run } = await json<PostMessageRunResponse>(res);
    expect(run.status).toBe("completed");

    expect(only("run started")).toMatchObject({
      level: LOG_LEVEL.info,
      run_id: run.id,
      session_id: id,
      model: "fake-model",
    });
    const tools = linesOf("tool call finished");
    expect(tools.find((line) => line.tool === "echo")).toMatchObject({
      level: LOG_LEVEL.info,
      run_id: run.id,
      session_id: id,
      tool_call_id: "c1",
      ok: true,
      duration_ms: expect.any(Number),
    });
    expect(tools.find((line) => line.tool === "echo")).not.toHaveProperty("error");
    expect(tools.find((line) => line.tool === "fail")).toMatchObject({
      ok: false,
      error: expect.stringContaining("disk quota exceeded"),
      duration_ms: expect.any(Number),
    });
    expect(only("model call attempt failed")).toMatchObject({
      level: LOG_LEVEL.warn,
      run_id: run.id,
      kind: "server",
      status: 500,
      attempt: 1,
      max_attempts: 2,
    });
    expect(linesOf("model call failed")).toEqual([]);
    const finished = only("run finished");
    expect(finished).toMatchObject({
      level: LOG_LEVEL.info,
      run_id: run.id,
      session_id: id,
      status: "completed",
      iterations: 2,
      usage: run.usage,
      duration_ms: expect.any(Number),
      error: null,
    });
    expect(run.usage.total_tokens).toBeGreaterThan(0);
    // The story in order: started, tools, the failed attempt, the end.
    const order = logs.lines.map((line) => line.msg).filter((msg) => msg !== "request");
    expect(order.indexOf("run started")).toBeLessThan(order.indexOf("tool call finished"));
    expect(order.indexOf("tool call finished")).toBeLessThan(order.indexOf("model call attempt failed"));
    expect(order.indexOf("model call attempt failed")).toBeLessThan(order.indexOf("run finished"));
  });

  it("tells a run that fails on the model at warn, with the kind, the status and the error", async () => {
    const id = await createSessionId(t);
    fake.enqueue({ status: 401, error: { message: "invalid api key" } });
    const res = await post(id, "hello");
    await res.text();

    // 401 is not retried: one failed attempt, the call's failure, then the run's.
    expect(only("model call attempt failed")).toMatchObject({ level: LOG_LEVEL.warn, kind: "auth", status: 401 });
    expect(only("model call failed")).toMatchObject({
      level: LOG_LEVEL.warn,
      session_id: id,
      kind: "auth",
      status: 401,
    });
    expect(only("run failed")).toMatchObject({
      level: LOG_LEVEL.warn,
      session_id: id,
      status: "failed",
      iterations: 1,
      duration_ms: expect.any(Number),
      error: expect.stringContaining("model call failed: auth (HTTP 401)"),
    });
    expect(linesOf("run finished")).toEqual([]);
  });
});

describe("logging.pretty", () => {
  it("writes readable lines through pino-pretty, redacted like the JSON ones", async () => {
    const key = "sk-proj-4fGh7JkL9mNpQrStUvWxYz0123456789abcd";
    // A process of its own: the pretty transport writes to the real stdout from its worker thread.
    const script = [
      'import { createLogger } from "./src/logger.ts";',
      'const logger = createLogger({ logging: { level: "info", pretty: true } });',
      `logger.info({ run_id: "run_1", api_key: "${key}" }, "run started for ${key}");`,
    ].join("\n");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: new URL("../..", import.meta.url),
        env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
      },
    );
    expect(stdout).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: run started for sk-pro/m);
    expect(stdout).toContain('run_id: "run_1"');
    expect(stdout).toContain('api_key: "[redacted]"');
    expect(stdout).not.toContain(key);
    expect(() => JSON.parse(stdout.split("\n")[0])).toThrow();
  });
});
