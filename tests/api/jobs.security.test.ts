/**
 * Jobs and webhooks are their creating owner's: another owner's job or webhook is answered exactly as a missing one
 * (natively and on the Hermes routes) and left as it was, lists keep to the caller's own, and a job's runs start in
 * the name of the key that made it. Webhook URLs: only http(s), never link-local or metadata addresses, loopback and
 * private ones not unless the operator allows them; the address is checked again on every delivery, after DNS.
 */
import { describe, expect, test } from "vitest";
import { waitFor } from "../fixtures/agent-harness.js";
import { ALL_BUT_ADMIN, makeKey, SERVER_KEY } from "../fixtures/keys.js";
import { json, type JobResponse, type JobRunResponse, type ValidationProblem } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import { allowedAddress, parseWebhookUrl } from "../../src/domain/webhooks/url-rules.js";

const it = withApp({ overrides: { server: { api_key: SERVER_KEY } } });

describe("jobs and webhooks of two owners", () => {
  it("answer another owner's as missing ones and run as the creating key", async ({ app: t }) => {
    const alice = await makeKey(t, { name: "alice", owner: "alice", scopes: ALL_BUT_ADMIN });
    const bob = await makeKey(t, { name: "bob", owner: "bob", scopes: ALL_BUT_ADMIN });
    const job = await json<JobResponse>(
      await alice.call("POST", "/v1/jobs", { name: "alice's", schedule: { cron: "0 3 * * *" }, prompt: "p" }),
    );
    expect(job.owner).toBe("alice");
    const hook = await json<{ id: string }>(
      await alice.call("POST", "/v1/webhooks", { url: "https://hooks.example.com/a", events: ["run.completed"] }),
    );
    for (const [method, path, body] of [
      ["GET", `/v1/jobs/${job.id}`],
      ["PATCH", `/v1/jobs/${job.id}`, { name: "bob's now" }],
      ["POST", `/v1/jobs/${job.id}/run`],
      ["POST", `/v1/jobs/${job.id}/pause`],
      ["GET", `/v1/jobs/${job.id}/runs`],
      ["DELETE", `/v1/jobs/${job.id}`],
      ["GET", `/v1/webhooks/${hook.id}`],
      ["PATCH", `/v1/webhooks/${hook.id}`, { url: "https://evil.example.com/" }],
      ["GET", `/v1/webhooks/${hook.id}/deliveries`],
      ["DELETE", `/v1/webhooks/${hook.id}`],
    ] as Array<[string, string, unknown?]>)
      expect((await bob.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    for (const [method, path] of [
      ["GET", `/api/jobs/${job.id}`],
      ["POST", `/api/jobs/${job.id}/run`],
      ["DELETE", `/api/jobs/${job.id}`],
    ]) {
      const res = await bob.call(method, path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Job not found" });
    }
    expect((await json<{ data: unknown[] }>(await bob.call("GET", "/v1/jobs"))).data).toEqual([]);
    expect((await json<{ jobs: unknown[] }>(await bob.call("GET", "/api/jobs?include_disabled=true"))).jobs).toEqual(
      [],
    );
    expect((await json<{ data: unknown[] }>(await bob.call("GET", "/v1/webhooks"))).data).toEqual([]);
    const still = await json<JobResponse>(await alice.call("GET", `/v1/jobs/${job.id}`));
    expect(still).toMatchObject({ name: "alice's", state: "scheduled", runs_fired: 0 });

    const fired = await json<{ run: JobRunResponse }>(await alice.call("POST", `/v1/jobs/${job.id}/run`));
    const [row] = await t.query<{ key_id: string }>("select key_id from runs where id = $1", [fired.run.run_id]);
    expect(row.key_id).toBe(alice.key.id);
    const [session] = await t.query<{ owner: string }>("select owner from sessions where id = $1", [
      fired.run.session_id,
    ]);
    expect(session.owner).toBe("alice");
    await waitFor(
      async () => (await json<JobResponse>(await alice.call("GET", `/v1/jobs/${job.id}`))).last_status === "completed",
    );
  });

  it("refuses webhook URLs it may not send to, and stores none", async ({ app: t }) => {
    for (const url of [
      "ftp://hooks.example.com/x",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://127.0.0.1:9/hook",
      "http://localhost:9/hook",
      "http://10.1.2.3/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "https://user:pass@hooks.example.com/",
    ]) {
      const res = await t.call("POST", "/v1/webhooks", { url, events: ["run.completed"] });
      expect(res.status, url).toBe(400);
      expect((await json<ValidationProblem>(res)).errors[0].location).toBe("body.url");
    }
    expect(await t.query("select url from webhooks where url <> $1", ["https://hooks.example.com/a"])).toEqual([]);
  });
});

describe("the address check of every delivery", () => {
  test("refuses a name that resolves elsewhere after the webhook was made (DNS rebinding)", async () => {
    const answers = [[{ address: "93.184.216.34", family: 4 }], [{ address: "127.0.0.1", family: 4 }]];
    const resolve = () => Promise.resolve(answers.shift() ?? []);
    const url = parseWebhookUrl("https://rebind.example.com/hook");
    expect(await allowedAddress(url, false, resolve)).toEqual({ address: "93.184.216.34", family: 4 });
    await expect(allowedAddress(url, false, resolve)).rejects.toThrow(/loopback or private/);
  });

  test("refuses metadata addresses even when private ones are allowed", async () => {
    const url = parseWebhookUrl("http://metadata.example.com/");
    const resolve = () => Promise.resolve([{ address: "169.254.169.254", family: 4 }]);
    await expect(allowedAddress(url, true, resolve)).rejects.toThrow(/link-local, metadata/);
    const local = () => Promise.resolve([{ address: "127.0.0.1", family: 4 }]);
    expect(await allowedAddress(url, true, local)).toEqual({ address: "127.0.0.1", family: 4 });
  });
});
