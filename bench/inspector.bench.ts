/**
 * @module inspector.bench
 * The inspector on a session of 10,000 messages, in real Chromium: time to the first rendered row and to the whole
 * transcript loaded, then frame times while scrolling the timeline to its end. The same-run baseline is the same
 * 10,000 rows as one plain HTML list (every row in the DOM, no script), timed and scrolled the same way.
 */
import { performance } from "node:perf_hooks";
import type { Page } from "playwright-core";
import { startInspector } from "../tests/fixtures/inspector.js";
import { makeTestApp } from "../tests/fixtures/test-app.js";
import { printFigure } from "./figures.js";

const MESSAGES = 10_000;
/** Pixels scrolled per animation frame on the way to the end. */
const SCROLL_STEP_PX = 3_000;
/** A frame longer than this (ms) missed at least one 60 Hz refresh. */
const DROPPED_FRAME_MS = 1.5 * (1000 / 60);

const textOf = (i: number) =>
  i % 2 === 0
    ? `Question ${i}: what does step ${i} of the rollout change in src/deploy/rollout-${i % 97}.ts?`
    : `Answer ${i}: it moves the flag for cohort ${i % 13} and logs the change; see PR #${1000 + (i % 500)}.`;

type ScrollFigures = {
  frames: number;
  p95FrameMs: number;
  longestFrameMs: number;
  droppedFrames: number;
  longestTaskMs: number;
};

/**
 * Scrolls `selector` to its end one step per frame, recording each frame's duration and the longest task. Written
 * as page source: tsx would wrap a function's inner names in a helper the page does not have.
 */
const SCROLL_TO_END = `async ({ selector, step, dropped }) => {
  const el = document.querySelector(selector);
  let longestTask = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
  });
  observer.observe({ type: "longtask", buffered: false });
  const frames = [];
  await new Promise((resolve) => {
    let last = performance.now();
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return resolve();
      el.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      el.scrollTop += step;
      requestAnimationFrame(tick);
    });
  });
  observer.disconnect();
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    frames: frames.length,
    p95FrameMs: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
    longestFrameMs: sorted[sorted.length - 1],
    droppedFrames: frames.filter((f) => f > dropped).length,
    longestTaskMs: longestTask,
  };
}`;

async function scrollToEnd(page: Page, selector: string, step: number): Promise<ScrollFigures> {
  const args = JSON.stringify({ selector, step, dropped: DROPPED_FRAME_MS });
  return page.evaluate<ScrollFigures>(`(${SCROLL_TO_END})(${args})`);
}

export async function run(): Promise<void> {
  const t = await makeTestApp();
  const inspector = await startInspector(t);
  try {
    const seedStarted = performance.now();
    const res = await t.call("POST", "/v1/sessions", { title: "Ten thousand messages" });
    const { id } = (await res.json()) as { id: string };
    for (let i = 0; i < MESSAGES; i++) {
      const posted = await t.call("POST", `/v1/sessions/${id}/messages`, {
        role: i % 2 === 0 ? "user" : "assistant",
        content: textOf(i),
        run: false,
      });
      if (posted.status !== 201) throw new Error(`seeding answered ${posted.status}`);
    }
    const seedMs = performance.now() - seedStarted;

    // The inspector: first row on screen, then every page loaded, then scroll to the end.
    const context = await inspector.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const opened = performance.now();
    await page.goto(`${inspector.baseUrl}/ui/sessions/${id}`);
    await page.locator(".windowed .message").first().waitFor({ timeout: 60_000 });
    const firstRowMs = performance.now() - opened;
    await page.locator(`.windowed[data-rows="${MESSAGES}"]`).waitFor({ timeout: 120_000 });
    const allLoadedMs = performance.now() - opened;
    const rowsInDom = await page.locator(".windowed .message").count();
    await page.evaluate(`document.querySelector(".windowed").scrollTop = 0`);
    const scrolled = await scrollToEnd(page, ".windowed", SCROLL_STEP_PX);
    const lastSeq = await page.locator(".windowed .message").last().getAttribute("data-seq");
    await context.close();

    // The baseline: the same rows, all in the DOM, as static HTML.
    const plainContext = await inspector.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const plain = await plainContext.newPage();
    const rows = Array.from(
      { length: MESSAGES },
      (_, i) => `<li class="message"><b>#${i + 1} ${i % 2 === 0 ? "user" : "assistant"}</b><p>${textOf(i)}</p></li>`,
    ).join("");
    const plainStarted = performance.now();
    await plain.setContent(`<!doctype html><style>#list{height:60vh;overflow:auto}</style><ol id="list">${rows}</ol>`);
    await plain.locator("#list .message").first().waitFor();
    const plainFirstRowMs = performance.now() - plainStarted;
    const plainScrolled = await scrollToEnd(plain, "#list", SCROLL_STEP_PX);
    await plainContext.close();

    const extra = { messages: MESSAGES, seed_ms: Math.round(seedMs) };
    printFigure("inspector.first_row", firstRowMs, plainFirstRowMs, "ms", {
      ...extra,
      baseline_is: "the same rows as one static HTML list",
      all_pages_loaded_ms: Math.round(allLoadedMs),
      rows_in_dom: rowsInDom,
    });
    printFigure("inspector.scroll_p95_frame", scrolled.p95FrameMs, plainScrolled.p95FrameMs, "ms", {
      ...extra,
      frames: scrolled.frames,
      longest_frame_ms: Math.round(scrolled.longestFrameMs),
      dropped_frames: scrolled.droppedFrames,
      longest_task_ms: Math.round(scrolled.longestTaskMs),
      last_seq_shown: Number(lastSeq),
      baseline_frames: plainScrolled.frames,
      baseline_longest_frame_ms: Math.round(plainScrolled.longestFrameMs),
      baseline_dropped_frames: plainScrolled.droppedFrames,
    });
  } finally {
    await inspector.close();
    await t.close();
  }
}
