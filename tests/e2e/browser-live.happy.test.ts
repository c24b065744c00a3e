import { describe, expect } from "vitest";
import { pngSize } from "../../src/domain/browser/screenshots.js";
import { callTool, evaluate, fourFrameTree, navigate, snapshot, waitFor } from "../fixtures/browser.js";
import { json } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { TestApp } from "../fixtures/test-app.js";

const it = withApp({ model: "none" });

/** A streamed body read bit by bit: `until` reads on until what came so far satisfies `done`; `close` leaves. */
function streamReader(response: Response, timeoutMs = 15_000) {
  const reader = response.body!.getReader();
  let bytes = Buffer.alloc(0);
  return {
    async until(done: (bytes: Buffer) => boolean): Promise<Buffer> {
      const deadline = Date.now() + timeoutMs;
      while (!done(bytes)) {
        if (Date.now() > deadline) throw new Error(`stream gave only ${bytes.length} bytes`);
        let timer: NodeJS.Timeout | undefined;
        const next = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("stream stalled")), timeoutMs))),
        ]).finally(() => clearTimeout(timer));
        if (next.done) break;
        bytes = Buffer.concat([bytes, Buffer.from(next.value)]);
      }
      return bytes;
    },
    close: () => reader.cancel(),
  };
}

/** Reads a streamed body until `done` says it has what it needs, then leaves. */
async function readUntil(response: Response, done: (bytes: Buffer) => boolean): Promise<Buffer> {
  const stream = streamReader(response);
  try {
    return await stream.until(done);
  } finally {
    await stream.close();
  }
}

const events = async (t: TestApp, id: string, type: string) =>
  (await t.app.services.events.replay(id, 0)).filter((event) => event.type === type);

describe("the browser for people", () => {
  it("answers a PNG of the viewport, the whole page and one out-of-process iframe", async ({ app: t, pages }) => {
    const id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/long"));
    const viewport = await t.call("GET", `/v1/sessions/${id}/browser/screenshot`);
    expect(viewport.status).toBe(200);
    expect(viewport.headers.get("content-type")).toBe("image/png");
    const shot = Buffer.from(await viewport.arrayBuffer());
    expect(shot.subarray(1, 4).toString("latin1")).toBe("PNG");
    const full = Buffer.from(
      await (await t.call("GET", `/v1/sessions/${id}/browser/screenshot?full_page=true`)).arrayBuffer(),
    );
    expect(pngSize(full).height).toBeGreaterThan(pngSize(shot).height);

    await navigate(t, id, pages.url("localhost", "/four-frames"));
    const tree = await fourFrameTree(t, id);
    const oopif = tree.children.find((frame) => frame.is_oopif && frame.url.includes("/middle"))!;
    const frame = await t.call("GET", `/v1/sessions/${id}/browser/screenshot?frame_id=${oopif.frame_id}`);
    expect(frame.status).toBe(200);
    const frameSize = pngSize(Buffer.from(await frame.arrayBuffer()));
    // An iframe's default box is 300×150 CSS pixels plus its border.
    expect(frameSize.width).toBeGreaterThanOrEqual(290);
    expect(frameSize.width).toBeLessThan(320);
    expect(frameSize.height).toBeLessThan(170);

    const missing = await t.call("GET", `/v1/sessions/${id}/browser/screenshot?frame_id=NOPE`);
    expect(missing.status).toBe(404);
    expect((await json<{ code: string }>(missing)).code).toBe("frame_not_found");
  });

  it("refuses a screenshot at once while a dialog blocks the page, naming it", async ({ app: t, pages }) => {
    const id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/form"));
    void evaluate(t, id, "setTimeout(() => alert('in the way'), 0); true");
    const dialog = await waitFor(async () => (await snapshot(t, id)).pending_dialogs[0] ?? null, "the alert");
    const started = Date.now();
    const refused = await t.call("GET", `/v1/sessions/${id}/browser/screenshot`);
    expect(refused.status).toBe(409);
    const body = await json<{ code: string; detail: string }>(refused);
    expect(body.code).toBe("page_blocked_by_dialog");
    expect(body.detail).toContain(dialog.id);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("streams a live view as SSE frames and as multipart JPEG, and stops when the viewer leaves", async ({
    app: t,
    pages,
  }) => {
    const id = await createSessionId(t);
    const notRunning = await t.call("GET", `/v1/sessions/${id}/browser/screencast`);
    expect(notRunning.status).toBe(503);
    await navigate(t, id, pages.url("localhost", "/plain"));
    const sse = await t.call("GET", `/v1/sessions/${id}/browser/screencast?max_width=640&max_height=360`);
    expect(sse.status).toBe(200);
    expect(sse.headers.get("content-type")).toContain("text/event-stream");
    const text = (await readUntil(sse, (bytes) => /event: frame\ndata: .*\n\n/.test(bytes.toString()))).toString();
    const data = JSON.parse(/event: frame\ndata: (.*)\n/.exec(text)![1]) as {
      data: string;
      metadata: { device_width: number; device_height: number };
    };
    const jpeg = Buffer.from(data.data, "base64");
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(data.metadata.device_width).toBeGreaterThan(0);

    const mjpeg = await t.call("GET", `/v1/sessions/${id}/browser/screencast?format=mjpeg`);
    expect(mjpeg.headers.get("content-type")).toBe("multipart/x-mixed-replace; boundary=caduceus-frame");
    // Painting again sends a new frame: the first arrives, the second after the page changes. The page changes only
    // once the first frame is here (a frame the viewer has not taken yet is replaced by a newer one).
    // Frames counted by their JPEG start-of-image markers.
    const frames = (bytes: Buffer) => bytes.toString("latin1").split("\xff\xd8\xff").length - 1;
    const parts = streamReader(mjpeg);
    let body: string;
    try {
      await parts.until((bytes) => frames(bytes) >= 1);
      await evaluate(t, id, "document.body.style.background = 'rgb(200, 30, 30)'; true");
      body = (await parts.until((bytes) => frames(bytes) >= 2)).toString("latin1");
    } finally {
      await parts.close();
    }
    expect(body).toContain("Content-Type: image/jpeg");
    // The viewers left; the browser answers as before.
    expect((await evaluate(t, id, "1 + 1")).result).toBe(2);
  });

  it("lets a person click, type, press keys and scroll, taking the browser over from the agent until released", async ({
    app: t,
    pages,
  }) => {
    const id = await createSessionId(t);
    await navigate(t, id, pages.url("localhost", "/form"));
    const box = (
      await evaluate(
        t,
        id,
        "(() => { const r = document.getElementById('q').getBoundingClientRect(); return { x: r.x + 5, y: r.y + 5 }; })()",
      )
    ).result as { x: number; y: number };
    const click = await t.call("POST", `/v1/sessions/${id}/browser/input`, { type: "click", ...box });
    expect(click.status).toBe(200);
    expect(await json(click)).toMatchObject({ ok: true, taken_over: true });
    await t.call("POST", `/v1/sessions/${id}/browser/input`, { type: "type", text: "by hand" });
    await t.call("POST", `/v1/sessions/${id}/browser/input`, { type: "key", key: "Enter" });
    expect((await evaluate(t, id, "window.__answers")).result).toEqual(["submitted:by hand"]);
    // Take-over and release are announced as they happen: stored a moment after the answer, not before it.
    expect(await waitFor(async () => (await events(t, id, "browser.takeover")).length || null, "the take-over")).toBe(
      1,
    );
    expect((await snapshot(t, id)).taken_over).toBe(true);

    // Meanwhile the agent's actions are refused, and nothing happens on the page.
    const refused = await callTool(t, id, "browser_navigate", { url: pages.url("localhost", "/plain") });
    expect(refused).toMatchObject({ is_error: true, json: { code: "browser_taken_over" } });
    expect((await snapshot(t, id)).url).toBe(pages.url("localhost", "/form"));
    // Looking is still allowed.
    expect((await callTool(t, id, "browser_screenshot")).is_error).toBeUndefined();

    const released = await t.call("POST", `/v1/sessions/${id}/browser/input`, { type: "release" });
    expect(await json(released)).toMatchObject({ taken_over: false });
    const releases = await waitFor(async () => {
      const stored = await events(t, id, "browser.released");
      return stored.length ? stored : null;
    }, "the release");
    expect(releases.map((e) => e.data)).toEqual([{ reason: "release" }]);
    expect(
      (await callTool(t, id, "browser_navigate", { url: pages.url("localhost", "/long") })).is_error,
    ).toBeUndefined();
    const scrolled = await t.call("POST", `/v1/sessions/${id}/browser/input`, { type: "scroll", dx: 0, dy: 800 });
    expect(scrolled.status).toBe(200);
    expect(
      await waitFor(async () => ((await evaluate(t, id, "window.scrollY")).result as number) > 0 || null, "the wheel"),
    ).toBe(true);

    const bad = await t.call("POST", `/v1/sessions/${id}/browser/input`, { type: "click", x: "left" });
    expect(bad.status).toBe(400);
  });

  it("exports cookies and local storage as Playwright storage state and imports them into another session", async ({
    app: t,
    pages,
  }) => {
    const source = await createSessionId(t);
    await navigate(t, source, pages.url("localhost", "/remember"));
    const exported = await t.call("GET", `/v1/sessions/${source}/browser/storage-state`);
    expect(exported.status).toBe(200);
    const state = await json<{
      cookies: Array<{ name: string; value: string; domain: string }>;
      origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
    }>(exported);
    expect(state.cookies).toEqual([expect.objectContaining({ name: "login", value: "alice", domain: "localhost" })]);
    expect(state.origins).toEqual([
      { origin: pages.url("localhost", "").replace(/\/$/, ""), localStorage: [{ name: "theme", value: "dark" }] },
    ]);

    const target = await createSessionId(t);
    const imported = await t.call("PUT", `/v1/sessions/${target}/browser/storage-state`, {
      ...state,
      cookies: state.cookies.map((c) => ({ ...c, value: "bob" })),
    });
    expect(imported.status).toBe(200);
    expect((await json<typeof state>(imported)).cookies[0].value).toBe("bob");
    await navigate(t, target, pages.url("localhost", "/remember"));
    expect((await evaluate(t, target, "document.getElementById('seen').textContent")).result).toBe("login=bob|dark");

    // A string is never read as a file name.
    const path = await t.call("PUT", `/v1/sessions/${target}/browser/storage-state`, JSON.stringify("/etc/passwd"));
    expect(path.status).toBe(400);
  });
});
