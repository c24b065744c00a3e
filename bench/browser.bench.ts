import { performance } from "node:perf_hooks";
import { chromium } from "playwright-core";
import { LAUNCH_ARGS } from "../src/domain/browser/launch.js";
import { CHROMIUM_PATH } from "../tests/fixtures/browser.js";
import { serveOnLoopback } from "../tests/fixtures/loopback-server.js";
import { startPagesServer } from "../tests/fixtures/pages-server.js";
import { makeTestApp } from "../tests/fixtures/test-app.js";

/**
 * Browser benchmarks, each against a same-run baseline:
 * - dialog detection: the page calls alert() → the dialog shows in GET /snapshot (over HTTP),
 *   against playwright-core's own `dialog` event for the same trigger in a plain launched browser;
 * - GET /snapshot on the four-frame page (two OOPIFs) against one raw CDP `Page.getFrameTree`
 *   round trip on the same page.
 */
const DIALOG_ROUNDS = 40;
const SNAPSHOT_ROUNDS = 300;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function print(
  bench: string,
  value: number,
  baseline: number,
  unit: string,
  extra: Record<string, unknown> = {},
): void {
  process.stdout.write(
    `${JSON.stringify({ bench, value: round(value), baseline: round(baseline), ratio: round(value / baseline, 3), unit, ...extra })}\n`,
  );
}

const TRIGGER = "setTimeout(() => alert('bench'), 0)";

export async function run(): Promise<void> {
  const pages = await startPagesServer();
  const t = await makeTestApp();
  const server = await serveOnLoopback(t.app.fetch);
  const base = server.baseUrl;
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  const plain = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS });
  try {
    const { id } = (await (await api("POST", "/v1/sessions", {})).json()) as { id: string };
    await api("POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") });

    // Baseline: playwright-core's dialog event in a browser of its own, same trigger, same page.
    const page = await (await plain.newContext()).newPage();
    await page.goto(pages.url("localhost", "/plain"));
    const playwrightMs: number[] = [];
    for (let i = 0; i < DIALOG_ROUNDS; i++) {
      const start = performance.now();
      const seen = new Promise<number>((resolve) =>
        page.once("dialog", (dialog) => {
          resolve(performance.now());
          void dialog.dismiss();
        }),
      );
      await page.evaluate(TRIGGER);
      playwrightMs.push((await seen) - start);
    }

    const caduceusMs: number[] = [];
    for (let i = 0; i < DIALOG_ROUNDS; i++) {
      const start = performance.now();
      await api("POST", `/v1/sessions/${id}/browser/evaluate`, { expression: TRIGGER });
      for (;;) {
        const snap = (await (await api("GET", `/v1/sessions/${id}/snapshot`)).json()) as { pending_dialogs: unknown[] };
        if (snap.pending_dialogs.length > 0) break;
      }
      caduceusMs.push(performance.now() - start);
      await api("POST", `/v1/sessions/${id}/dialogs/respond`, { action: "dismiss" });
    }
    print("browser.dialog_detection", median(caduceusMs), median(playwrightMs), "ms", {
      rounds: DIALOG_ROUNDS,
      baseline_name: "playwright dialog event",
    });

    await api("POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/four-frames") });
    for (;;) {
      const snap = (await (await api("GET", `/v1/sessions/${id}/snapshot`)).json()) as {
        frame_tree: { children: Array<{ is_oopif: boolean }> };
      };
      if (snap.frame_tree.children.filter((c) => c.is_oopif).length === 2) break;
    }
    const session = t.app.services.supervisors.get(id)!.topSession();
    const snapshotMs: number[] = [];
    const frameTreeMs: number[] = [];
    for (let i = 0; i < SNAPSHOT_ROUNDS; i++) {
      let start = performance.now();
      await (await api("GET", `/v1/sessions/${id}/snapshot`)).json();
      snapshotMs.push(performance.now() - start);
      start = performance.now();
      await session.cdp.send("Page.getFrameTree");
      frameTreeMs.push(performance.now() - start);
    }
    print("browser.snapshot_four_frames", median(snapshotMs), median(frameTreeMs), "ms", {
      rounds: SNAPSHOT_ROUNDS,
      baseline_name: "CDP Page.getFrameTree",
    });
  } finally {
    await plain.close();
    await server.close();
    await t.close();
    await pages.close();
  }
}
