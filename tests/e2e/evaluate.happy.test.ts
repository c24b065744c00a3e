import { describe, expect } from "vitest";
import { evaluate, navigate, snapshot } from "../fixtures/browser.js";
import { json, type CdpResponse } from "../fixtures/responses.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { withApp } from "../fixtures/suite.js";

// Target.getTargets is off the built-in CDP allowlist; the operator allows it here to count the popups.
const it = withApp({ model: "none", overrides: { browser: { cdp_allow: ["Target.getTargets"] } } });

/** browser/evaluate runs the expression once, whatever its value turns out to be. */
describe("browser/evaluate results", () => {
  let id: string;

  it.beforeAll(async ({ app, pages }) => {
    id = await createSessionId(app);
    await navigate(app, id, pages.url("localhost", "/plain"));
  });

  it("runs an expression whose value cannot be serialized exactly once and returns its description", async ({
    app: t,
  }) => {
    expect(await evaluate(t, id, "window.__runs = 0; true")).toMatchObject({ ok: true, result: true });
    expect(await evaluate(t, id, "window.__runs += 1, window")).toEqual({
      ok: true,
      result: "Window",
      result_type: "object",
    });
    expect(
      await evaluate(t, id, "window.__runs += 1, (() => { const a = { n: 1 }; a.self = a; return a; })()"),
    ).toMatchObject({ ok: true, result: "Object" });
    expect(await evaluate(t, id, "window.__runs")).toMatchObject({ ok: true, result: 2 });
  });

  it("opens one popup for each window.open()", async ({ app: t }) => {
    const opened = await evaluate(t, id, "window.open('/plain?popup'), true");
    expect(opened).toMatchObject({ ok: true, result: true });
    const handle = await evaluate(t, id, "window.__popup = window.open('/plain?popup')");
    expect(handle).toMatchObject({ ok: true, result_type: "object" });
    const res = await t.call("POST", `/v1/sessions/${id}/browser/cdp`, { method: "Target.getTargets" });
    // A popup exists as a target from window.open() on, even before its page has loaded.
    const pagesOpen = (
      (await json<CdpResponse>(res)).result as { targetInfos: Array<{ type: string }> }
    ).targetInfos.filter((target) => target.type === "page");
    expect(pagesOpen).toHaveLength(3);
  });

  it("returns JSON values, symbols, bigints and undefined as results", async ({ app: t }) => {
    expect(await evaluate(t, id, "({ a: [1, 'two', null], b: { c: true } })")).toEqual({
      ok: true,
      result: { a: [1, "two", null], b: { c: true } },
      result_type: "object",
    });
    expect(await evaluate(t, id, "[1, 2, 3]")).toEqual({ ok: true, result: [1, 2, 3], result_type: "object:array" });
    expect(await evaluate(t, id, "Symbol('tag')")).toEqual({ ok: true, result: "Symbol(tag)", result_type: "symbol" });
    expect(await evaluate(t, id, "10n ** 20n")).toEqual({
      ok: true,
      result: "100000000000000000000n",
      result_type: "bigint",
    });
    expect(await evaluate(t, id, "undefined")).toEqual({ ok: true, result: null, result_type: "undefined" });
    expect(await evaluate(t, id, "Promise.resolve('later')")).toEqual({
      ok: true,
      result: "later",
      result_type: "string",
    });
  });

  it("answers once an out-of-process iframe the expression added is in the frame tree", async ({ app: t, pages }) => {
    // Each round on a fresh page: the iframe's attach races the answer, so one round alone could pass by luck.
    for (let round = 0; round < 5; round++) {
      await navigate(t, id, pages.url("localhost", `/plain?round=${round}`));
      const leaf = pages.url("127.0.0.1", `/leaf?round=${round}`);
      const added = await evaluate(
        t,
        id,
        `new Promise((done) => { const f = document.createElement("iframe"); f.onload = () => done(f.src); ` +
          `f.src = ${JSON.stringify(leaf)}; document.body.append(f); })`,
      );
      expect(added).toMatchObject({ ok: true, result: leaf });
      const { frame_tree } = await snapshot(t, id);
      expect(
        frame_tree.children.find((frame) => frame.url === leaf),
        `round ${round}`,
      ).toMatchObject({
        is_oopif: true,
      });
    }
  });
});
