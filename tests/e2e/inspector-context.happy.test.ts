import { describe, expect } from "vitest";
import { seedAnchoredSession } from "../fixtures/anchored-session.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";
import { withInspector } from "../fixtures/inspector.js";
import { withApp } from "../fixtures/suite.js";

// The fake model writes the summaries, as modelConfig (context-transcript.ts) points the app at it.
const base = withApp({ model: "context" });
const it = withInspector(base);
const WAIT_MS = 15_000;

describe("the inspector's context panel", () => {
  it.beforeEach(({ fake }) => fake.reset());

  it("previews a compression, runs it, and shows the new summary version with its diff against the last", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const id = await seedAnchoredSession(t, fake);
    for (let i = 0; i < 12; i++)
      await append(
        t,
        id,
        toolRound(`later ${i} ${filler(i, 50)}`, "terminal", { command: "ls" }, filler(i, 300), "ok"),
      );
    const modelCalls = fake.completions.length;
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("tab", { name: "Context" }).click();
    const versions = page.locator("ol.summaries > li");
    await page.getByText("Version 1", { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await versions.count()).toBe(1);
    await page.getByTestId("context-figures").waitFor({ timeout: WAIT_MS });

    await page.getByLabel("Focus topic (optional)").fill("the disk");
    await page.getByRole("button", { name: "Preview compression" }).click();
    const preview = page.getByTestId("compress-preview");
    await preview.getByText("Would compact seq", { exact: false }).waitFor({ timeout: WAIT_MS });
    // The dry run called no model and changed nothing.
    expect(fake.completions).toHaveLength(modelCalls);
    expect(
      ((await (await t.call("GET", `/v1/sessions/${id}/summaries`)).json()) as { data: unknown[] }).data,
    ).toHaveLength(1);

    fake.enqueue({ content: "## Goal\nKeep going.\n## Disk\nThe disk filled up twice." });
    await preview.getByRole("button", { name: "Compress now" }).click();
    await page.getByRole("status").getByText("summary version 2", { exact: false }).waitFor({ timeout: WAIT_MS });
    await page.getByText("Version 2", { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await versions.count()).toBe(2);
    expect(await versions.nth(1).textContent()).toContain("focus: the disk");

    expect(await page.getByRole("img", { name: /^2 compressions/ }).count()).toBe(1);
    await page.getByText("Diff of version 1 → 2").click();
    const diff = versions.nth(1).locator("pre.diff");
    await diff.waitFor({ timeout: WAIT_MS });
    expect(await diff.locator(".diff-added").allTextContents()).toContain("+ The disk filled up twice.");
    await page.context().close();
  });

  it("finds an anchor by kind and text and jumps to the message it came from", async ({ app: t, fake, inspector }) => {
    const id = await seedAnchoredSession(t, fake);
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("tab", { name: "Context" }).click();
    const table = page.locator("table.anchors");
    await table.getByText("src/app.ts").waitFor({ timeout: WAIT_MS });

    await page.getByLabel("Kind").selectOption("branch");
    await table.getByText("src/app.ts").waitFor({ state: "detached", timeout: WAIT_MS });
    await page.getByLabel("Search anchors").fill("disk-full");
    await table.getByText("fix/disk-full-retry").waitFor({ timeout: WAIT_MS });
    expect(await table.locator("tbody tr").count()).toBe(1);
    expect(await table.locator("tbody mark").allTextContents()).toEqual(["disk-full"]);
    expect(await table.locator("tbody tr").textContent()).toContain("no");

    await page.getByLabel("Search words").fill("octocat");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const hits = page.locator("ul.hits > li");
    await hits.first().waitFor({ timeout: WAIT_MS });
    expect(await hits.first().locator("mark").allTextContents()).toContain("octocat");
    expect(await hits.first().textContent()).toContain("out of context");

    // Many hits come ten at a time.
    await page.getByLabel("Search words").fill("done");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const pager = page.getByRole("navigation", { name: "Search result pages" });
    await pager.getByText("1–10 of 14").waitFor({ timeout: WAIT_MS });
    expect(await hits.count()).toBe(10);
    await pager.getByRole("button", { name: "Next" }).click();
    await pager.getByText("11–14 of 14").waitFor({ timeout: WAIT_MS });
    expect(await hits.count()).toBe(4);
    expect(await hits.locator("mark").first().textContent()).toBe("done");

    await table.getByRole("button", { name: /Jump to #5/ }).click();
    const row = page.getByRole("region", { name: "Transcript" }).locator(".message.highlighted");
    await row.waitFor({ timeout: WAIT_MS });
    expect(await row.getAttribute("data-seq")).toBe("5");
    expect(await row.textContent()).toContain("PR #1234 breaks src/app.ts");
    expect(await row.textContent()).toContain("out of context");
    await page.context().close();
  });
});
