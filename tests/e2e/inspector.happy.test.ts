import { describe, expect } from "vitest";
import { cdp, evaluate, navigate, waitFor } from "../fixtures/browser.js";
import { withInspector } from "../fixtures/inspector.js";
import { createSession } from "../fixtures/sessions-api.js";
import { it as base } from "../fixtures/suite.js";

const it = withInspector(base);
const WAIT_MS = 15_000;

describe("the inspector", () => {
  it.beforeEach(({ fake }) => {
    fake.reset();
  });

  it("lists, creates, renames and deletes sessions without sign-in on a loopback server with no key", async ({
    app: t,
    inspector,
  }) => {
    const alpha = await createSession(t, { title: "Existing alpha" });
    await createSession(t, { title: "Existing beta" });
    await t.call("POST", `/v1/sessions/${alpha.id}/messages`, { content: "the kumquat rollout", run: false });
    const page = await inspector.open();
    const nav = page.getByRole("navigation", { name: "Sessions" });
    await nav.getByRole("link", { name: "Existing alpha" }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByLabel("API key").count()).toBe(0);

    await page.getByLabel("Search sessions").fill("beta");
    await nav.getByRole("link", { name: "Existing alpha" }).waitFor({ state: "detached", timeout: WAIT_MS });
    expect(await nav.getByRole("link", { name: "Existing beta" }).isVisible()).toBe(true);
    // The same box finds words inside every session's transcript.
    await page.getByLabel("Search sessions").fill("kumquat");
    const inTranscripts = page.getByRole("region", { name: "In transcripts" });
    await inTranscripts.getByRole("link", { name: "Existing alpha #1" }).waitFor({ timeout: WAIT_MS });
    // The match is marked, the server's [brackets] gone.
    expect(await inTranscripts.locator("mark").allTextContents()).toContain("kumquat");
    expect(await inTranscripts.textContent()).not.toContain("[kumquat]");
    await page.getByLabel("Search sessions").fill("");

    await page.getByText("New session").click();
    await page.getByLabel("Title").fill("Made in the page");
    await page.getByLabel("System prompt").fill("Be brief.");
    await page.getByLabel("Config overrides (JSON)").fill('{"compression": {"enabled": false}}');
    await page.getByRole("button", { name: "Create session" }).click();
    await page.getByRole("heading", { name: "Made in the page" }).waitFor({ timeout: WAIT_MS });
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    const made = (await (await t.call("GET", `/v1/sessions/${id}`)).json()) as {
      title: string;
      system_prompt: string;
      config: { compression: { enabled: boolean } };
    };
    expect(made).toMatchObject({ title: "Made in the page", system_prompt: "Be brief." });
    expect(made.config.compression.enabled).toBe(false);

    await nav.getByRole("button", { name: "Rename Made in the page" }).click();
    await page.getByLabel("New title").fill("Renamed in the page");
    await page.getByRole("button", { name: "Save" }).click();
    await nav.getByRole("link", { name: "Renamed in the page" }).waitFor({ timeout: WAIT_MS });
    expect(((await (await t.call("GET", `/v1/sessions/${id}`)).json()) as { title: string }).title).toBe(
      "Renamed in the page",
    );

    await nav.getByRole("button", { name: "Delete Renamed in the page" }).click();
    await nav.getByRole("button", { name: "Confirm delete Renamed in the page" }).click();
    await nav.getByRole("link", { name: "Renamed in the page" }).waitFor({ state: "detached", timeout: WAIT_MS });
    expect((await t.call("GET", `/v1/sessions/${id}`)).status).toBe(404);
    await page.context().close();
  });

  it("shows a posted message's answer as it streams, then the stored turn and the run's usage", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const { id } = await createSession(t, { title: "Streaming" });
    const answer = "The deploy checklist lives in docs/deploy.md and ships behind a flag.";
    const thought = "First I look in the docs folder for a checklist.";
    let release!: () => void;
    fake.enqueue({
      content: answer,
      reasoning: thought,
      chunk_delay_ms: 50,
      rest_until: new Promise<void>((resolve) => (release = resolve)),
    });
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("heading", { name: "Streaming" }).waitFor({ timeout: WAIT_MS });
    await page.getByLabel("Message").fill("Where is the deploy checklist?");
    await page.getByRole("button", { name: "Send" }).click();

    const thinking = page.locator("details.streaming");
    await thinking.getByText("First I look", { exact: false }).waitFor({ timeout: WAIT_MS });
    const streaming = page.getByTestId("streaming");
    await streaming.getByText("The deploy", { exact: false }).waitFor({ timeout: WAIT_MS });
    // The model holds the second half of its answer until the page has shown the first.
    expect(await streaming.textContent()).not.toContain("ships behind a flag.");
    release();

    const transcript = page.getByRole("region", { name: "Transcript" });
    await transcript.getByText(answer).waitFor({ timeout: WAIT_MS });
    await streaming.waitFor({ state: "detached", timeout: WAIT_MS });
    await thinking.waitFor({ state: "detached", timeout: WAIT_MS });
    await transcript.getByText("Reasoning", { exact: true }).click();
    await transcript.getByText(thought).waitFor({ timeout: WAIT_MS });
    expect(await transcript.getByText("Where is the deploy checklist?").isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Runs" }).click();
    const runRow = page.locator("tr[data-run-id]").first();
    await runRow.getByText("completed").waitFor({ timeout: WAIT_MS });
    expect(fake.completions.at(-1)!.body.messages.at(-1)).toMatchObject({
      role: "user",
      content: "Where is the deploy checklist?",
    });
    await page.context().close();
  });

  it("keeps the session list live: a run's status, the message count and a new title show without a reload", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const { id } = await createSession(t, { title: "Live list" });
    const page = await inspector.open(`/ui/sessions/${id}`);
    const row = page.getByRole("navigation", { name: "Sessions" }).locator("li.session", { hasText: "Live list" });
    await row.getByText("0 msg").waitFor({ timeout: WAIT_MS });
    // The model answers once the list has shown the run running.
    let release!: () => void;
    fake.enqueue({ content: "Slow but sure.", until: new Promise<void>((resolve) => (release = resolve)) });
    await page.getByLabel("Message").fill("take a moment");
    await page.getByRole("button", { name: "Send" }).click();
    try {
      await row.locator('[data-status="running"]').waitFor({ timeout: WAIT_MS });
    } finally {
      release();
    }
    await row.getByText("2 msg").waitFor({ timeout: WAIT_MS });
    await row.locator('[data-status="running"]').waitFor({ state: "detached", timeout: WAIT_MS });
    // Another client renames it; the next run event brings the new title along.
    await t.call("PATCH", `/v1/sessions/${id}`, { title: "Live list, renamed" });
    fake.enqueue({ content: "Again." });
    await page.getByLabel("Message").fill("once more");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("navigation", { name: "Sessions" }).getByRole("link", { name: "Live list, renamed" }).waitFor({
      timeout: WAIT_MS,
    });
    await page.getByRole("heading", { name: "Live list, renamed" }).waitFor({ timeout: WAIT_MS });
    await page.context().close();
  });

  it("shows a skeleton while a view loads, the server's words when it fails, and a designed not-found state", async ({
    app: t,
    inspector,
  }) => {
    const { id } = await createSession(t, { title: "States" });
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("heading", { name: "States" }).waitFor({ timeout: WAIT_MS });
    // The runs list is held, then refused, by the page's network.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/v1/sessions/${id}/runs?*`, async (route) => {
      await held;
      await route.fulfill({
        status: 503,
        contentType: "application/problem+json",
        body: JSON.stringify({ title: "Service Unavailable", status: 503, detail: "the store is out of reach" }),
      });
    });
    await page.getByRole("tab", { name: "Runs" }).click();
    await page.getByRole("status", { name: "Loading runs" }).waitFor({ timeout: WAIT_MS });
    release();
    await page.getByRole("alert").getByText("503: the store is out of reach").waitFor({ timeout: WAIT_MS });
    await page.unroute(`**/v1/sessions/${id}/runs?*`);

    await page.goto(`${inspector.baseUrl}/ui/sessions/${id}/runs/run_00000000000000000000000000`);
    await page.getByText("No such run in this session").waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "All runs" }).click();
    await page.getByText("No runs yet").waitFor({ timeout: WAIT_MS });

    await page.goto(`${inspector.baseUrl}/ui/sessions/ses_gone`);
    await page.getByText("This session does not exist").waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Back to all sessions" }).click();
    await page.getByText("Select or create a session").waitFor({ timeout: WAIT_MS });
    await page.context().close();
  });

  it("loads a long transcript page by page and keeps only the rows on screen in the DOM", async ({
    app: t,
    inspector,
  }) => {
    const { id } = await createSession(t, { title: "Long transcript" });
    const total = 1_000;
    for (let i = 1; i <= total; i++)
      await t.call("POST", `/v1/sessions/${id}/messages`, {
        role: i % 2 ? "user" : "assistant",
        content: `row number ${i}`,
        run: false,
      });
    const page = await inspector.open(`/ui/sessions/${id}`);
    const transcript = page.getByRole("region", { name: "Transcript" });
    await page.locator(`.windowed[data-rows="${total}"]`).waitFor({ timeout: WAIT_MS });
    expect(await transcript.locator(".message").count()).toBeLessThan(100);

    await transcript.evaluate((el) => (el.scrollTop = 0));
    await transcript.getByText("row number 1", { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await transcript.getByText(`row number ${total}`, { exact: true }).count()).toBe(0);
    // Scrolled to the end a step at a time, as a person would; the rows there are rendered on the way.
    await waitFor(
      async () => {
        const done = await transcript.evaluate((el) => {
          el.scrollTop += 5_000;
          return el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
        });
        return done && (await transcript.getByText(`row number ${total}`, { exact: true }).count()) === 1;
      },
      "the last row",
      WAIT_MS,
    );
    expect(await transcript.getByText("row number 1", { exact: true }).count()).toBe(0);
    expect(await transcript.locator(".message").count()).toBeLessThan(100);
    await page.context().close();
  });

  it("moves the rows below an expanded tool call down, so no two rows overlap", async ({ app: t, inspector }) => {
    const { id } = await createSession(t, { title: "Tall rows" });
    const args = JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field_${i}`, `value ${i}`])));
    const rows = [
      { role: "user", content: "Fill the form." },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_tall", type: "function", function: { name: "fill_form", arguments: args } }],
      },
      { role: "tool", tool_call_id: "call_tall", content: "filled" },
      ...Array.from({ length: 6 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `after ${i}` })),
    ];
    for (const row of rows) {
      const res = await t.call("POST", `/v1/sessions/${id}/messages`, { ...row, run: false });
      expect(res.status, JSON.stringify(row)).toBe(201);
    }
    const page = await inspector.open(`/ui/sessions/${id}`);
    const transcript = page.getByRole("region", { name: "Transcript" });
    await transcript.getByText("after 5", { exact: true }).waitFor({ timeout: WAIT_MS });
    await transcript.evaluate((el) => (el.scrollTop = 0));
    const overlaps = () =>
      transcript.evaluate((el) => {
        const boxes = Array.from(el.querySelectorAll<HTMLElement>("[data-row-key]"))
          .map((row) => row.getBoundingClientRect())
          .sort((a, b) => a.top - b.top);
        return boxes.slice(1).filter((box, i) => box.top < boxes[i].bottom - 1).length;
      });
    expect(await overlaps()).toBe(0);
    // Opening the tool call makes its row tall without a render of the list; the observer moves the rest.
    await transcript.getByText("Tool call fill_form").click();
    await transcript.getByText('"field_39": "value 39"').waitFor({ timeout: WAIT_MS });
    await waitFor(async () => (await overlaps()) === 0, "no overlapping rows", WAIT_MS);
    await page.context().close();
  });

  it("switches to the dark theme and keeps it over a reload, and works at a phone's width with a drawer", async ({
    app: t,
    inspector,
  }) => {
    const { id } = await createSession(t, { title: "Narrow screen" });
    const page = await inspector.open("/ui/", { viewport: { width: 390, height: 844 } });
    const toggle = page.getByRole("button", { name: "Dark theme" });
    await toggle.waitFor({ timeout: WAIT_MS });
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const light = await background();
    await toggle.click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark", null, { timeout: WAIT_MS });
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await background()).not.toBe(light);
    await page.reload();
    await toggle.waitFor({ timeout: WAIT_MS });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");

    // The session list is a drawer: hidden until asked for, closed again once a session is chosen.
    const list = page.getByRole("navigation", { name: "Sessions" });
    expect(await list.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Session list" }).click();
    await list.getByRole("link", { name: /Narrow screen/ }).click();
    await page.waitForURL(`**/ui/sessions/${encodeURIComponent(id)}`, { timeout: WAIT_MS });
    await page.getByRole("region", { name: "Transcript" }).waitFor({ timeout: WAIT_MS });
    expect(await list.isVisible()).toBe(false);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("cancels a running turn from the live run's bar, and the runs table says it was cancelled", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const { id } = await createSession(t, { title: "Cancelling" });
    fake.enqueue({ content: "too late", delay_ms: 10_000 });
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("heading", { name: "Cancelling" }).waitFor({ timeout: WAIT_MS });
    await page.getByLabel("Message").fill("take your time");
    await page.getByRole("button", { name: "Send" }).click();
    const cancel = page.getByRole("button", { name: /^Cancel run / });
    await cancel.waitFor({ timeout: WAIT_MS });
    await cancel.click();
    await cancel.waitFor({ state: "detached", timeout: WAIT_MS });
    await page.getByRole("tab", { name: "Runs" }).click();
    const row = page.locator("tr[data-run-id]").first();
    await row.getByText("cancelled", { exact: true }).waitFor({ timeout: WAIT_MS });
    const runs = (await (await t.call("GET", `/v1/sessions/${id}/runs`)).json()) as { data: Array<{ status: string }> };
    expect(runs.data[0].status).toBe("cancelled");
    await page.getByRole("tab", { name: "Transcript" }).click();
    expect(await page.getByRole("region", { name: "Transcript" }).getByText("too late").count()).toBe(0);
    await page.context().close();
  });

  it("shows the browser live, and a click on the view takes it over and clicks the page there", async ({
    app: t,
    pages,
    inspector,
  }) => {
    const { id } = await createSession(t, { title: "Browser" });
    await navigate(t, id, pages.url("localhost", "/leaf"));
    // A viewport wider than the screencast's 1280 px: its frames are scaled down, the click scaled back up.
    const resized = await cdp(t, id, "Emulation.setDeviceMetricsOverride", {
      width: 1600,
      height: 1000,
      deviceScaleFactor: 1,
      mobile: false,
    });
    expect(resized.status).toBe(200);
    const box = JSON.parse(
      (await evaluate(t, id, "JSON.stringify(document.getElementById('leaf-button').getBoundingClientRect())"))
        .result as string,
    ) as { x: number; y: number; width: number; height: number };
    expect((await evaluate(t, id, "innerWidth")).result).toBe(1600);
    const page = await inspector.open(`/ui/sessions/${id}`);
    await page.getByRole("tab", { name: "Browser" }).click();
    await page.getByTestId("browser-url").getByText("/leaf").waitFor({ timeout: WAIT_MS });
    const live = page.getByRole("img", { name: /Live view/ });
    await live.waitFor({ timeout: WAIT_MS });
    const shown = await waitFor(
      () =>
        live.evaluate((img: HTMLImageElement) =>
          img.naturalWidth ? { natural: img.naturalWidth, width: img.getBoundingClientRect().width } : null,
        ),
      "the first screencast frame",
    );
    expect(shown.natural).toBeLessThan(1600);
    await page.getByTestId("viewport-size").getByText("1600 × 1000").waitFor({ timeout: WAIT_MS });
    const scale = shown.width / 1600;
    await live.click({
      position: { x: (box.x + box.width / 2) * scale, y: (box.y + box.height / 2) * scale },
    });
    const answers = await waitFor(async () => {
      const result = (await evaluate(t, id, "window.__answers")).result as string[];
      return result.length ? result : null;
    }, "the page to see the click");
    expect(answers).toEqual(["clicked"]);
    await page.getByText("taken over by you").waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Release to the agent" }).click();
    await page.getByText("taken over by you").waitFor({ state: "detached", timeout: WAIT_MS });

    await navigate(t, id, pages.url("localhost", "/four-frames"));
    await page.getByRole("button", { name: "Refresh" }).click();
    const frames = page.locator("ul.frames");
    await waitFor(
      async () => (await frames.getByText("out-of-process").count()) === 2,
      "two OOPIFs in the tree",
      WAIT_MS,
    );
    expect(await frames.textContent()).toContain("/middle");
    expect(await frames.textContent()).toContain("/leaf");
    await page.context().close();
  });
});
