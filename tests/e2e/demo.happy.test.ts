import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCli, type CliServer } from "../fixtures/cli-process.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import {
  json,
  type CompressResponse,
  type PostMessageRunResponse,
  type ReadinessResponse,
} from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { tempDir } from "../fixtures/test-app.js";

/** The built-in demo model drives the product end to end: the real server, the real Chromium, no model endpoint. */
describe("caduceus --demo", () => {
  let server: CliServer;
  let pages: PagesServer;
  const cwd = tempDir("caduceus-demo-");

  beforeAll(async () => {
    pages = await startPagesServer();
    // A small window, so a few turns are enough to compress.
    server = await startCli(["--demo"], { cwd, env: { CADUCEUS_PORT: "0", CADUCEUS_CONTEXT_LENGTH: "4096" } });
  });
  afterAll(async () => {
    await server?.stop();
    await pages?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  async function say(id: string, content: string): Promise<{ answer: string; tools: string[] }> {
    const res = await server.call("POST", `/v1/sessions/${id}/messages`, { content });
    expect(res.status, content).toBe(200);
    const body = await json<PostMessageRunResponse>(res);
    expect(body.run.status, `${content}: ${JSON.stringify(body.run)}\n${server.output.stdout}`).toBe("completed");
    const last = body.messages.at(-1)!;
    const tools = body.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.function.name));
    return { answer: typeof last.content === "string" ? last.content : "", tools };
  }

  it("says where to open it and that the demo model is no LLM, in the log and in readiness", async () => {
    const lines = server.output.stdout.split("\n").filter(Boolean);
    const listening = lines.find((line) => line.includes('"msg":"listening'))!;
    const url = `http://127.0.0.1:${server.port}`;
    expect(JSON.parse(listening)).toMatchObject({
      url,
      msg: `listening on ${url} · inspector ${url}/ui/ · API reference ${url}/docs`,
    });
    const warning = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).find((l) => l.level === 40);
    expect(warning?.msg).toContain("demo model answers runs (scripted replies, not an LLM)");
    const ready = await json<ReadinessResponse>(await server.call("GET", "/health/ready"));
    expect(ready.checks.model).toMatchObject({ status: "degraded" });
    expect(ready.checks.model.detail).toContain("not an LLM");
  });

  it("opens a page, types, clicks, answers the dialog the click opened, reads the page and compresses", async () => {
    const id = await createSessionId(server);
    const form = pages.url("127.0.0.1", "/form");

    const opened = await say(id, `open ${form}`);
    expect(opened.tools).toEqual(["browser_navigate"]);
    expect(opened.answer).toContain(`The page is ${form} ("Form")`);
    expect(opened.answer).toContain("not an LLM");

    const typed = await say(id, "type oolong tea into Query");
    expect(typed.tools).toEqual(["browser_snapshot", "browser_type"]);
    expect(typed.answer).toContain('Typed "oolong tea" into "Query"');

    const clicked = await say(id, "click Confirm me");
    expect(clicked.tools).toEqual(["browser_snapshot", "browser_click"]);
    expect(clicked.answer).toMatch(/confirm dialog \(d-\d+\) saying "Proceed\?"/);

    const answered = await say(id, "answer the dialog with ok");
    expect(answered.tools).toEqual(["browser_dialog"]);
    // What the page's JS got back from confirm(), and what the person typed, as the page holds them.
    const evaluated = await server.call("POST", `/v1/sessions/${id}/browser/evaluate`, {
      expression: "JSON.stringify([window.__answers, document.getElementById('q').value])",
    });
    expect(((await evaluated.json()) as { result: string }).result).toBe('[[true],"oolong tea"]');

    const read = await say(id, "read the page");
    expect(read.answer).toMatch(/textbox "Query" \[ref=e\d+\]: oolong tea/);
    expect(read.answer).toMatch(/button "Confirm me" .*\[ref=e\d+\]/);

    // A few more looks at the page: the context grows as a real session's does.
    for (const url of [pages.url("127.0.0.1", "/controls"), pages.url("localhost", "/four-frames")]) {
      await say(id, `open ${url}`);
      await say(id, "read the page");
    }
    const compressed = await server.call("POST", `/v1/sessions/${id}/compress`, {});
    expect(compressed.status).toBe(200);
    const result = await json<CompressResponse>(compressed);
    expect(result.compressed, JSON.stringify(result)).toBe(true);
    expect(result.fallback_used).toBe(false);
    const summaries = await server.call("GET", `/v1/sessions/${id}/summaries`);
    const text = ((await summaries.json()) as { data: Array<{ body: string }> }).data[0].body;
    expect(text).toContain("## Goal");
    // The opening turn stays in the context's head; what came after is summarized, exact values kept.
    expect(text).toContain('Called browser_type {"ref":"e3","text":"oolong tea"}');
    expect(text).toContain(`Called browser_navigate {"url":"${pages.url("127.0.0.1", "/controls")}"}`);
    expect(text).not.toContain("OPENAI_API_KEY");
  });
});
