import { describe, expect } from "vitest";
import { releaseHold, testTools } from "../fixtures/agent-harness.js";
import { evaluate, navigate, waitFor } from "../fixtures/browser.js";
import { withInspector } from "../fixtures/inspector.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const base = withApp({ tools: [testTools.echo, testTools.hold] });
const it = withInspector(base);
const WAIT_MS = 15_000;

describe("the inspector's interrupts", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("answers a page's prompt() with the text typed in the inspector, which the page's JS receives", async ({
    app: t,
    pages,
    inspector,
  }) => {
    const id = await createSessionId(t, { title: "Dialogs" });
    await navigate(t, id, pages.url("localhost", "/plain"));
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("heading", { name: "Dialogs" }).waitFor({ timeout: WAIT_MS });

    await evaluate(t, id, "setTimeout(() => window.__answers.push(prompt('Your name?', 'nobody')), 50); true");
    const waiting = page.getByRole("region", { name: /Waiting on you/ });
    await waiting.getByText("Your name?").waitFor({ timeout: WAIT_MS });
    const answer = waiting.getByLabel("Answer for the prompt");
    expect(await answer.inputValue()).toBe("nobody");
    await answer.fill("Ada Lovelace");
    await waiting.getByRole("button", { name: "Accept" }).click();
    await waiting.waitFor({ state: "detached", timeout: WAIT_MS });
    const answers = await waitFor(async () => {
      const result = (await evaluate(t, id, "window.__answers")).result as string[];
      return result.length ? result : null;
    }, "the page's prompt() to return");
    expect(answers).toEqual(["Ada Lovelace"]);

    await page.getByRole("tab", { name: "Browser" }).click();
    await page.getByText("closed by", { exact: false }).first().waitFor({ timeout: WAIT_MS });
    expect(await page.locator(".browser").textContent()).toContain("Your name?");
    await page.context().close();
  });

  it("approves a pending tool call from the page, and the run goes on to its answer", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const id = await createSessionId(t, {
      title: "Approvals",
      config: { agent: { approvals: { tools: { echo: "ask" } } } },
    });
    fake.enqueue({ tool_calls: [{ id: "call_approve", name: "echo", arguments: { text: "from the page" } }] });
    fake.enqueue({ content: "The echo came back." });
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("heading", { name: "Approvals" }).waitFor({ timeout: WAIT_MS });
    await page.getByLabel("Message").fill("echo something");
    await page.getByRole("button", { name: "Send" }).click();

    const waiting = page.getByRole("region", { name: /Waiting on you/ });
    await waiting.getByText("Approve tool echo?").waitFor({ timeout: WAIT_MS });
    expect(await waiting.textContent()).toContain("from the page");
    await waiting.getByLabel("Reason").fill("looks safe");
    await waiting.getByRole("button", { name: "Approve" }).click();
    await waiting.waitFor({ state: "detached", timeout: WAIT_MS });

    const transcript = page.getByRole("region", { name: "Transcript" });
    await transcript.getByText("The echo came back.").waitFor({ timeout: WAIT_MS });
    await transcript.getByText("Tool call echo", { exact: false }).click();
    expect(await transcript.textContent()).toContain('"text": "from the page"');
    const interrupts = (await (await t.call("GET", `/v1/sessions/${id}/interrupts`)).json()) as { data: unknown[] };
    expect(interrupts.data).toEqual([]);
    await page.context().close();
  });

  it("gives a client tool call its output from the page, and the run goes on with it", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const id = await createSessionId(t, { title: "Client tools" });
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("heading", { name: "Client tools" }).waitFor({ timeout: WAIT_MS });
    fake.enqueue({ tool_calls: [{ id: "call_w", name: "get_weather", arguments: { city: "Oslo" } }] });
    fake.enqueue({ content: "It is raining in Oslo." });
    const weather = {
      type: "function",
      function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } },
    };
    const posted = await t.call("POST", `/v1/sessions/${id}/messages`, {
      content: "weather?",
      tools: [weather],
      background: true,
    });
    expect(posted.status).toBe(202);

    const waiting = page.getByRole("region", { name: /Waiting on you/ });
    const output = waiting.getByLabel(/Output of get_weather/);
    await output.waitFor({ timeout: WAIT_MS });
    expect(await waiting.textContent()).toContain("Oslo");
    await output.fill("light rain, 8 °C");
    await waiting.getByRole("button", { name: "Send outputs" }).click();
    await waiting.waitFor({ state: "detached", timeout: WAIT_MS });
    await page
      .getByRole("region", { name: "Transcript" })
      .getByText("It is raining in Oslo.")
      .waitFor({ timeout: WAIT_MS });
    expect(fake.completions.at(-1)!.body.messages.at(-1)).toMatchObject({
      role: "tool",
      tool_call_id: "call_w",
      content: "light rain, 8 °C",
    });
    await page.context().close();
  });

  it("shows a tool while it runs, and no longer once it is done", async ({ app: t, fake, inspector }) => {
    const id = await createSessionId(t, { title: "Slow tool" });
    // The tool runs until it has been seen running.
    const key = "inspector-tool-running";
    fake.enqueue({ tool_calls: [{ id: "call_slow", name: "hold", arguments: { key } }] });
    fake.enqueue({ content: "Done waiting." });
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("heading", { name: "Slow tool" }).waitFor({ timeout: WAIT_MS });
    await page.getByLabel("Message").fill("wait a bit");
    await page.getByRole("button", { name: "Send" }).click();
    const running = page.getByText("Running tool hold", { exact: false });
    try {
      await running.waitFor({ timeout: WAIT_MS });
    } finally {
      releaseHold(key);
    }
    await page.getByRole("region", { name: "Transcript" }).getByText("Done waiting.").waitFor({ timeout: WAIT_MS });
    expect(await running.count()).toBe(0);
    await page.context().close();
  });

  it("steers a running turn: the model's next call is sent the steering message", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const id = await createSessionId(t, { title: "Steering" });
    // The tool runs until the steering message is queued: it is taken in before the next model call.
    const key = "inspector-steer";
    fake.enqueue({ tool_calls: [{ id: "call_wait", name: "hold", arguments: { key } }] });
    fake.enqueue({ content: "Switched to staging." });
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("heading", { name: "Steering" }).waitFor({ timeout: WAIT_MS });
    await page.getByLabel("Message").fill("deploy to production");
    await page.getByRole("button", { name: "Send" }).click();
    try {
      await page.getByText("Running tool hold", { exact: false }).waitFor({ timeout: WAIT_MS });
      await page.getByLabel("Steer", { exact: true }).fill("use staging instead");
      await page.getByRole("button", { name: /^Send steering to run / }).click();
      await page.getByRole("status").getByText("queued").waitFor({ timeout: WAIT_MS });
    } finally {
      releaseHold(key);
    }
    await page
      .getByRole("region", { name: "Transcript" })
      .getByText("Switched to staging.")
      .waitFor({ timeout: WAIT_MS });
    const sent = fake.completions.at(-1)!.body.messages.map((m) => m.content);
    expect(sent).toContain("use staging instead");
    await page
      .getByRole("region", { name: "Transcript" })
      .getByText("use staging instead")
      .waitFor({ timeout: WAIT_MS });
    await page.context().close();
  });
});
