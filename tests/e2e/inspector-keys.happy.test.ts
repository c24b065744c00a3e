/**
 * The inspector signed in with an API key shows that key's owner's sessions only, and no keys page; signed in with
 * the server key it shows every owner's, a keys page that creates a key (its secret shown once) and revokes one, and
 * a usage page with a chart. Revoking a key ends the sign-ins made with it.
 */
import { describe, expect } from "vitest";
import { violationsInBothThemes } from "../fixtures/axe.js";
import { withInspector } from "../fixtures/inspector.js";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY, withKey } from "../fixtures/keys.js";
import { createSession } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

const it = withInspector(
  withApp({
    overrides: {
      server: { api_key: SERVER_KEY },
      models: { prices: { "fake-model": { input_per_million: 1, output_per_million: 2 } } },
    },
  }),
);
const WAIT_MS = 15_000;

describe("the inspector with API keys", () => {
  it("shows a key's owner only their own, and an admin the keys and usage pages", async ({
    app: t,
    fake,
    inspector,
  }) => {
    const alice = await makeKey(t, { name: "alice's key", owner: "alice", scopes: ALL_BUT_ADMIN });
    const mine = await createSession(alice, { title: "Alice's plan" });
    await createSession(t, { title: "Operator's notes" });
    fake.enqueue({ content: "planned", usage: { prompt_tokens: 1200, completion_tokens: 300 } });
    expect((await alice.call("POST", `/v1/sessions/${mine.id}/messages`, { content: "plan it" })).status).toBe(200);

    const page = await inspector.open();
    await page.getByLabel("API key").fill(alice.key.key);
    await page.getByRole("button", { name: "Sign in" }).click();
    const nav = page.getByRole("navigation", { name: "Sessions" });
    await nav.getByRole("link", { name: "Alice's plan" }).waitFor({ timeout: WAIT_MS });
    await page.getByText("Signed in as alice's key (owner alice)").waitFor({ timeout: WAIT_MS });
    expect(await nav.getByRole("link", { name: "Operator's notes" }).count()).toBe(0);
    const pages = page.getByRole("navigation", { name: "Pages" });
    expect(await pages.getByRole("link", { name: "Keys" }).count()).toBe(0);
    await pages.getByRole("link", { name: "Usage" }).click();
    await page.getByRole("heading", { name: "Usage and cost" }).waitFor({ timeout: WAIT_MS });
    await page.getByText("1 model calls, 1,500 tokens").waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole("tab", { name: "By owner" }).count()).toBe(0);

    const admin = await inspector.open();
    await admin.getByLabel("API key").fill(SERVER_KEY);
    await admin.getByRole("button", { name: "Sign in" }).click();
    const adminNav = admin.getByRole("navigation", { name: "Sessions" });
    await adminNav.getByRole("link", { name: "Operator's notes" }).waitFor({ timeout: WAIT_MS });
    await adminNav.getByRole("link", { name: "Alice's plan" }).waitFor({ timeout: WAIT_MS });
    await admin.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Keys" }).click();
    await admin.getByRole("heading", { name: "API keys" }).waitFor({ timeout: WAIT_MS });
    await admin.getByRole("cell", { name: "alice's key", exact: true }).waitFor({ timeout: WAIT_MS });

    await admin.getByText("New API key").click();
    await admin.getByLabel("Name", { exact: true }).fill("night bot");
    await admin.getByLabel("Owner (the key's own id when empty)").fill("night-shift");
    await admin.getByLabel("Requests per minute (unlimited when empty)").fill("60");
    await admin.getByRole("button", { name: "Create key" }).click();
    const secret = admin.getByLabel("New key");
    await secret.waitFor({ timeout: WAIT_MS });
    const key = await secret.inputValue();
    expect(key).toMatch(/^cad_[A-Za-z0-9_-]{32}$/);
    expect((await withKey(t, key).call("GET", "/v1/sessions")).status).toBe(200);
    await admin.getByRole("button", { name: "Revoke night bot" }).click();
    await admin.getByRole("button", { name: "Revoke night bot now" }).click();
    await admin.getByText(/^revoked /).waitFor({ timeout: WAIT_MS });
    expect((await withKey(t, key).call("GET", "/v1/sessions")).status).toBe(401);

    await admin.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Usage" }).click();
    await admin.getByRole("tab", { name: "By owner" }).click();
    const chart = admin.getByRole("img", { name: /Tokens by owner: alice 1500/ });
    await chart.waitFor({ timeout: WAIT_MS });
    await admin.getByRole("rowheader", { name: "alice" }).waitFor({ timeout: WAIT_MS });
    await admin.getByRole("tab", { name: "By model" }).click();
    await admin.getByRole("rowheader", { name: "fake-model" }).waitFor({ timeout: WAIT_MS });

    // Alice's key revoked: her sign-in ends with it, and her page asks for a key again.
    await t.call("DELETE", `/v1/admin/keys/${alice.key.id}`);
    expect(await page.evaluate(async () => (await fetch("/v1/sessions")).status)).toBe(401);
    await page.reload();
    await page.getByLabel("API key").waitFor({ timeout: WAIT_MS });
    await page.context().close();
    await admin.context().close();
  });

  it("has no serious or critical axe-core violation on the keys and usage pages, in both themes", async ({
    inspector,
  }) => {
    const page = await inspector.open("/ui/keys", { bypassCSP: true });
    await page.getByLabel("API key").fill(SERVER_KEY);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "API keys" }).waitFor({ timeout: WAIT_MS });
    await page.getByText("New API key").click();
    await page.getByRole("cell").first().waitFor({ timeout: WAIT_MS });
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Usage" }).click();
    await page.getByRole("heading", { name: "Usage and cost" }).waitFor({ timeout: WAIT_MS });
    await page.getByText(/model calls, /).waitFor({ timeout: WAIT_MS });
    expect(await violationsInBothThemes(page)).toEqual([]);
    await page.context().close();
  });
});
