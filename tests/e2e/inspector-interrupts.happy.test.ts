import { describe, expect } from "vitest";
import { testTools } from "../fixtures/agent-harness.js";
import { evaluate, navigate, waitFor } from "../fixtures/browser.js";
import { withInspector } from "../fixtures/inspector.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { it as base } from "../fixtures/suite.js";

base.override("appOptions", { tools: [testTools.echo] });
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
});
