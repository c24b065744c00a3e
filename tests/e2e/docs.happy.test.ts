import { rmSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

describe("the API reference page in a real browser", () => {
  const dir = tempDir("caduceus-docs-");
  let server: ServerProcess;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServerProcess({ CADUCEUS_DB: join(dir, "docs.db") });
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox"] });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("renders every operation from local assets under the page's CSP, without any outside request", async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(server.baseUrl) && !request.url().startsWith("data:")) outside.push(request.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${server.baseUrl}/docs`);
    await page.waitForSelector(".opblock-summary-path", { timeout: 15_000 });
    const paths = await page.$$eval(".opblock-summary-path", (nodes) => nodes.map((n) => n.getAttribute("data-path")));
    expect(paths).toContain("/v1/sessions");
    expect(paths).toContain("/v1/sessions/{id}/messages");
    expect(await page.textContent(".info .title")).toContain("Caduceus");
    expect(outside).toEqual([]);
    expect(problems.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
    await page.close();
  });
});
