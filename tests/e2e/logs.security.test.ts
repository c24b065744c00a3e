import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../src/domain/shared/tools.js";
import { testTools, toolProvider } from "../fixtures/agent-harness.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { captureLogs } from "../fixtures/log-lines.js";
import { PLANTED_SECRETS } from "../fixtures/secrets.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";

/** A tool that refuses its argument and says so, as real tools echo what they could not use. */
const refuse: ToolDefinition = {
  name: "refuse",
  description: "Rejects its token",
  parameters: { type: "object", properties: { token: { type: "string" } } },
  execute: async (args) => ({ content: `rejected credential ${String(args.token)}`, is_error: true }),
};

describe("secrets the model puts in tool arguments", () => {
  let fake: FakeModelServer;
  let t: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeTestApp(
      {
        logging: { level: "info" },
        model: { name: "fake-model", base_url: fake.baseUrl, api_key: "test-key", max_retries: 0, timeout_s: 10 },
      },
      {
        logDestination: logs.stream,
        beforeStartup: (app) => app.services.toolProviders.push(toolProvider([testTools.echo, refuse])),
      },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("never reach a log line, from a tool that succeeds or one whose error echoes them", async () => {
    const planted = PLANTED_SECRETS.slice(0, 4);
    const id = await createSessionId(t);
    fake.enqueue(
      {
        tool_calls: planted.flatMap((secret, i) => [
          { id: `e${i}`, name: "echo", arguments: { text: secret.text } },
          { id: `r${i}`, name: "refuse", arguments: { token: secret.text } },
        ]),
      },
      { content: "done" },
    );
    const res = await t.call("POST", `/v1/sessions/${id}/messages`, { content: "log in" });
    expect(res.status).toBe(200);

    const tools = logs.lines.filter((line) => line.msg === "tool call finished");
    expect(tools).toHaveLength(planted.length * 2);
    expect(tools.filter((line) => line.ok === false)).toHaveLength(planted.length);
    const text = logs.text();
    for (const secret of planted) expect(text, secret.kind).not.toContain(secret.needle);
  });
});
