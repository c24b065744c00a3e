/**
 * The inspector's memory page, signed in with an API key: both stores with their usage, an entry added, edited and
 * removed through the page (the REST answer shows the same), and the search box across sessions finding a message
 * and an anchor of the owner's sessions — never another owner's — and opening the session a hit names.
 */
import { describe, expect } from "vitest";
import { violationsInBothThemes } from "../fixtures/axe.js";
import { withInspector } from "../fixtures/inspector.js";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY } from "../fixtures/keys.js";
import { json } from "../fixtures/responses.js";
import { createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";
import type { GetMemoryResponse } from "../../src/routes/memory/schemas.js";

const it = withInspector(withApp({ overrides: { server: { api_key: SERVER_KEY } } }));
const WAIT_MS = 15_000;

describe("the inspector's memory page", () => {
  it("edits both stores and searches every session of the owner", async ({ app: t, inspector }) => {
    const rae = await makeKey(t, { name: "rae's key", owner: "rae", scopes: ALL_BUT_ADMIN });
    const sam = await makeKey(t, { name: "sam's key", owner: "sam", scopes: ALL_BUT_ADMIN });
    const hers = await createSession(rae, { title: "Staging deploy" });
    await rae.call("POST", `/v1/sessions/${hers.id}/messages`, {
      run: false,
      content: "The wombat-rollout waits for src/db/migrate.ts",
    });
    const his = await createSession(sam, { title: "Sam's wombat" });
    await sam.call("POST", `/v1/sessions/${his.id}/messages`, { run: false, content: "wombat-rollout is Sam's too" });

    const page = await inspector.open("/ui/memory", { bypassCSP: true });
    await page.getByLabel("API key").fill(rae.key.key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Memory" }).waitFor({ timeout: WAIT_MS });
    await page.getByText("0 of 1,375 characters").waitFor({ timeout: WAIT_MS });

    await page.getByLabel("New entry").first().fill("Prefers short answers");
    await page.getByRole("button", { name: "Add to user profile" }).click();
    await page.getByText("21 of 1,375 characters").waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Entry", { exact: true }).fill("Prefers terse answers");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Prefers terse answers").waitFor({ timeout: WAIT_MS });
    const stored = await json<GetMemoryResponse>(await rae.call("GET", "/v1/memory"));
    expect(stored.user.entries.map((entry) => entry.content)).toEqual(["Prefers terse answers"]);
    expect(await violationsInBothThemes(page)).toEqual([]);

    await page.getByLabel("Search every session").fill("wombat-rollout");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("1 message(s) and 0 anchor(s)").waitFor({ timeout: WAIT_MS });
    expect(await page.getByText("Sam's wombat").count()).toBe(0);
    await page.getByLabel("Search every session").fill("migrate");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("1 message(s) and 1 anchor(s)").waitFor({ timeout: WAIT_MS });
    await page.getByRole("search").getByRole("link", { name: "Staging deploy" }).first().click();
    await page.waitForURL(`**/ui/sessions/${hers.id}`, { timeout: WAIT_MS });

    await page.goto(new URL("/ui/memory", page.url()).href);
    await page.getByRole("button", { name: "Remove" }).click();
    await page.getByText("0 of 1,375 characters").waitFor({ timeout: WAIT_MS });
    expect((await json<GetMemoryResponse>(await rae.call("GET", "/v1/memory"))).user.entries).toEqual([]);
    await page.context().close();
  });
});
