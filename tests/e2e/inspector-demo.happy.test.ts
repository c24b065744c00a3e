import { describe, expect } from "vitest";
import { evaluate, waitFor } from "../fixtures/browser.js";
import { append, filler } from "../fixtures/context-transcript.js";
import { withInspector } from "../fixtures/inspector.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

// The built-in demo model answers, in-process, as `model.provider: demo` serves it; a small window, so the few turns
// of the flow are enough to compress.
const base = withApp({ model: "none", overrides: { model: { provider: "demo", context_length: 4096 } } });
const it = withInspector(base);
const WAIT_MS = 15_000;

type RunPage = { data: Array<{ id: string; status: string }> };

describe("the demo model driven through the inspector", () => {
  it("opens a page, approves the click it asks for, answers the dialog the click opened, compresses, and shows the click's run as a trace", async ({
    app: t,
    pages,
    inspector,
  }) => {
    const id = await createSessionId(t, {
      title: "Demo flow",
      config: {
        agent: { approvals: { tools: { browser_click: "ask" } } },
        compression: { tail_mode: "legacy", target_ratio: 0.05, protect_first_n: 1, protect_last_n: 3 },
      },
    });
    // Earlier notes in the session, long enough that a summary is shorter than they are.
    await append(t, id, [
      { role: "user", content: "Here are the release notes so far." },
      ...[1, 2, 3].map((i) => ({ role: "assistant" as const, content: filler(i, 260) })),
    ]);
    const form = pages.url("127.0.0.1", "/form");
    const page = await inspector.open(`/ui/sessions/${id}`);
    const transcript = page.getByRole("region", { name: "Transcript" });
    const send = async (text: string) => {
      await page.getByLabel("Message").fill(text);
      await page.getByRole("button", { name: "Send" }).click();
    };

    await send(`open ${form}`);
    await transcript.getByText(`The page is ${form} ("Form")`, { exact: false }).waitFor({ timeout: WAIT_MS });

    // The click waits on a person: approved from the page, it clicks and the page opens its confirm().
    await send("click Confirm me");
    const waiting = page.getByRole("region", { name: /Waiting on you/ });
    await waiting.getByText("Approve tool browser_click?").waitFor({ timeout: WAIT_MS });
    await waiting.getByLabel("Reason").fill("the button is harmless");
    await waiting.getByRole("button", { name: "Approve" }).click();
    await waiting.getByText("Proceed?").waitFor({ timeout: WAIT_MS });
    await transcript.getByText('saying "Proceed?"', { exact: false }).waitFor({ timeout: WAIT_MS });
    await waiting.getByRole("button", { name: "Accept" }).click();
    await waiting.waitFor({ state: "detached", timeout: WAIT_MS });
    const answers = await waitFor(async () => {
      const result = (await evaluate(t, id, "window.__answers")).result as unknown[];
      return result.length ? result : null;
    }, "the page's confirm() to return");
    expect(answers).toEqual([true]);
    // The click's run goes on to its answer once the dialog is closed; a compression waits for the session's run.
    await waitFor(async () => {
      const listed = (await (await t.call("GET", `/v1/sessions/${id}/runs`)).json()) as RunPage;
      return listed.data.length === 2 && listed.data.every((run) => run.status === "completed");
    }, "the click's run to end");

    await page.getByRole("tab", { name: "Context" }).click();
    await page.getByRole("button", { name: "Preview compression" }).click();
    await page
      .getByTestId("compress-preview")
      .getByText("Would compact seq", { exact: false })
      .waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Compress now" }).click();
    await page.getByRole("status").getByText("summary version 1", { exact: false }).waitFor({ timeout: WAIT_MS });
    await page.getByText("Version 1", { exact: true }).waitFor({ timeout: WAIT_MS });
    const summaries = (await (await t.call("GET", `/v1/sessions/${id}/summaries`)).json()) as {
      data: Array<{ body: string; fallback_used: boolean }>;
    };
    expect(summaries.data).toHaveLength(1);
    expect(summaries.data[0].fallback_used).toBe(false);

    // The click's run as a trace: its model calls, the snapshot, the approval a person gave, the click, the dialog.
    const runs = (await (await t.call("GET", `/v1/sessions/${id}/runs`)).json()) as RunPage;
    expect(runs.data.map((r) => r.status)).toEqual(["completed", "completed"]);
    const clickRun = runs.data[0].id;
    await page.getByRole("tab", { name: "Runs" }).click();
    await page.getByRole("link", { name: `Trace of run ${clickRun}` }).click();
    await page.waitForURL(`**/ui/sessions/${encodeURIComponent(id)}/runs/${clickRun}`, { timeout: WAIT_MS });
    const steps = page.getByRole("list", { name: "Steps of the run" });
    await steps.locator('[data-kind="dialog"]').waitFor({ timeout: WAIT_MS });
    const names = await steps.locator(".trace-name").allTextContents();
    expect(names).toEqual([
      "Model call → browser_snapshot",
      "Tool browser_snapshot",
      "Model call → browser_click",
      "Approval of browser_click",
      "Tool browser_click",
      "Page confirm dialog",
      "Model call → answer",
    ]);
    const approval = steps.locator('[data-kind="approval"]');
    expect(await approval.locator(".trace-note").textContent()).toBe("approved by user");
    expect(await steps.locator('[data-kind="dialog"] .trace-note').textContent()).toBe("closed by user (accept)");
    await approval.getByRole("button").first().click();
    expect(await approval.locator(".trace-detail").textContent()).toContain("the button is harmless");

    // A tool call opens to its arguments and result as JSON trees.
    const click = steps.locator('[data-kind="tool"]').nth(1);
    await click.locator(".trace-row").click();
    const args = click.getByRole("group", { name: "Arguments of browser_click" });
    expect(await args.textContent()).toMatch(/"ref": "e\d+"/);
    expect(await click.getByRole("group", { name: "Result of browser_click" }).textContent()).toContain('"ok": true');

    // A model call shows when its first token came (the page watched, so it streamed) and its tokens.
    const call = steps.locator('[data-kind="model"]').last();
    await call.locator(".trace-row").click();
    const facts = await call.locator(".trace-detail dl").textContent();
    expect(facts).toMatch(/Time to first token\d+ ms|Time to first token[\d.]+ s/);
    expect(facts).toMatch(/Prompt tokens[\d,]+Completion tokens[\d,]+Cost—/);
    expect(await call.locator(".trace-detail").textContent()).toContain("not an LLM");

    // Back to the list, filtered by status.
    await page.getByRole("button", { name: "All runs" }).click();
    await page.getByLabel("Status").selectOption("failed");
    await page.getByText("No run matches these filters").waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Clear the filters" }).click();
    expect(await page.locator("tr[data-run-id]").count()).toBe(2);
    await page.context().close();
  });
});
