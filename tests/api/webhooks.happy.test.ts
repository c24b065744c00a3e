/**
 * Webhooks through /v1/webhooks with a real receiver on 127.0.0.1: a run's end delivered signed as Standard Webhooks
 * specifies (verified with the `standardwebhooks` package), retried with backoff after failures with the same
 * `webhook-id`, redelivered by hand, the webhook disabled (saying why) once the last attempt fails; a run paused on
 * an approval announced with its interrupts and a link into the inspector; a job's failure announced.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { Webhook } from "standardwebhooks";
import { testTools, waitFor } from "../fixtures/agent-harness.js";
import { json, type DeliveryResponse, type WebhookResponse } from "../fixtures/responses.js";
import { withApp } from "../fixtures/suite.js";
import { WebhookReceiver } from "../fixtures/webhook-receiver.js";

const it = withApp({
  tools: [testTools.echo],
  overrides: {
    server: { public_url: "https://agents.example.com/" },
    jobs: { min_interval_s: 1, poll_interval_ms: 50 },
    webhooks: { allow_private: true, retry_schedule_s: [0.1, 0.2], timeout_s: 2 },
  },
});

const receiver = new WebhookReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.close());

type Created = WebhookResponse & { secret: string };
type Deliveries = { data: DeliveryResponse[] };

describe("webhooks", () => {
  it.beforeEach(({ fake }) => {
    fake.reset();
    receiver.received.length = 0;
    receiver.statuses = [];
    receiver.fallback = 200;
  });

  it("delivers a run's end signed, retried with the same webhook-id until the receiver takes it", async ({
    app: t,
  }) => {
    const res = await t.call("POST", "/v1/webhooks", {
      url: receiver.url,
      events: ["run.completed", "run.failed"],
      description: "ops",
    });
    expect(res.status).toBe(201);
    const hook = await json<Created>(res);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = await json<{ data: Array<Record<string, unknown>> }>(await t.call("GET", "/v1/webhooks"));
    expect(listed.data.map((h) => h.id)).toContain(hook.id);
    expect(JSON.stringify(listed)).not.toContain(hook.secret);

    receiver.statuses = [500, 503];
    const session = await t.createSession();
    await t.call("POST", `/v1/sessions/${session}/messages`, { role: "user", content: "hello" });
    const delivered = await waitFor(async () => {
      const page = await json<Deliveries>(await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`));
      return page.data[0]?.status === "delivered" && page.data[0];
    });
    expect(delivered).toMatchObject({ event: "run.completed", attempts: 3, last_response_code: 200 });
    const attempts = receiver.of("run.completed");
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers["webhook-id"]))).toEqual(new Set([delivered.id]));
    // Backoff: the second retry waited longer than the first (0.1 s then 0.2 s, ±20 %).
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(70);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(150);
    const verified = new Webhook(hook.secret).verify(attempts[2].body, {
      "webhook-id": String(attempts[2].headers["webhook-id"]),
      "webhook-timestamp": String(attempts[2].headers["webhook-timestamp"]),
      "webhook-signature": String(attempts[2].headers["webhook-signature"]),
    }) as { type: string; timestamp: string; data: { session_id: string; run: { status: string } } };
    expect(verified.type).toBe("run.completed");
    expect(verified.data.session_id).toBe(session);
    expect(verified.data.run.status).toBe("completed");
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24).toString("base64")}`).verify(attempts[2].body, {
        "webhook-id": String(attempts[2].headers["webhook-id"]),
        "webhook-timestamp": String(attempts[2].headers["webhook-timestamp"]),
        "webhook-signature": String(attempts[2].headers["webhook-signature"]),
      }),
    ).toThrow();

    const again = await t.call("POST", `/v1/webhooks/${hook.id}/deliveries/${delivered.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(await json<DeliveryResponse>(again)).toMatchObject({ status: "delivered", attempts: 4 });
    expect(receiver.of("run.completed").at(-1)?.headers["webhook-id"]).toBe(delivered.id);
    expect((await t.call("DELETE", `/v1/webhooks/${hook.id}`)).status).toBe(204);
    // The metrics count each attempt by how it went: two retried, two delivered (the schedule's and the hand's).
    const metrics = await (await t.call("GET", "/metrics")).text();
    expect(metrics).toMatch(/^caduceus_webhook_deliveries_total\{outcome="retry"\} 2$/m);
    expect(metrics).toMatch(/^caduceus_webhook_deliveries_total\{outcome="delivered"\} 2$/m);
  });

  it("disables a webhook whose receiver keeps failing, saying why, and enables it again", async ({ app: t }) => {
    const hook = await json<Created>(
      await t.call("POST", "/v1/webhooks", { url: receiver.url, events: ["run.completed"] }),
    );
    receiver.fallback = 302;
    const session = await t.createSession();
    await t.call("POST", `/v1/sessions/${session}/messages`, { role: "user", content: "hello" });
    const disabled = await waitFor(async () => {
      const current = await json<WebhookResponse>(await t.call("GET", `/v1/webhooks/${hook.id}`));
      return !current.enabled && current;
    });
    expect(disabled.disabled_reason).toMatch(/after 3 failed attempts.*HTTP 302/);
    const [delivery] = (await json<Deliveries>(await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`))).data;
    expect(delivery).toMatchObject({ status: "failed", attempts: 3, last_response_code: 302, next_attempt_at: null });
    // The redirect was not followed: every request reached this receiver.
    expect(receiver.received).toHaveLength(3);

    const enabled = await json<WebhookResponse>(await t.call("PATCH", `/v1/webhooks/${hook.id}`, { enabled: true }));
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
    expect((await t.call("DELETE", `/v1/webhooks/${hook.id}`)).status).toBe(204);
  });

  it("announces a run paused on an approval with its interrupts and an inspector link", async ({ app: t, fake }) => {
    const hook = await json<Created>(
      await t.call("POST", "/v1/webhooks", { url: receiver.url, events: ["run.requires_action"] }),
    );
    const session = await t.createSession({ config: { agent: { approvals: { default: "ask" } } } });
    fake.enqueue({ tool_calls: [{ name: "echo", arguments: { text: "hi" } }] });
    await t.call("POST", `/v1/sessions/${session}/messages`, { role: "user", content: "echo hi", background: true });
    const [paused] = await waitFor(
      () => receiver.of("run.requires_action").length > 0 && receiver.of("run.requires_action"),
    );
    expect(paused.payload.data.inspector_url).toBe(`https://agents.example.com/ui/sessions/${session}`);
    expect(paused.payload.data.interrupts).toEqual([expect.objectContaining({ kind: "approval", tool: "echo" })]);
    await t.call("DELETE", `/v1/webhooks/${hook.id}`);
    await t.call("DELETE", `/v1/sessions/${session}`);
  });

  it("announces a job whose run failed", async ({ app: t, fake }) => {
    await t.call("POST", "/v1/webhooks", { url: receiver.url, events: ["job.failed", "run.failed"] });
    const job = await json<{ id: string }>(
      await t.call("POST", "/v1/jobs", { name: "Broken", schedule: { cron: "0 3 * * *" }, prompt: "p" }),
    );
    fake.enqueue({ status: 400, error: { message: "the model refused the request" } });
    const fired = await json<{ run: { run_id: string } }>(await t.call("POST", `/v1/jobs/${job.id}/run`));
    const [failed] = await waitFor(() => receiver.of("job.failed").length > 0 && receiver.of("job.failed"));
    expect(failed.payload.data).toMatchObject({ job_id: job.id, job_name: "Broken", run_id: fired.run.run_id });
    const [runFailed] = await waitFor(() => receiver.of("run.failed").length > 0 && receiver.of("run.failed"));
    expect(runFailed.payload.data.job_id).toBe(job.id);
    const after = await json<{ last_status: string }>(await t.call("GET", `/v1/jobs/${job.id}`));
    expect(after.last_status).toBe("failed");
    const metrics = await (await t.call("GET", "/metrics")).text();
    expect(metrics).toMatch(/^caduceus_job_firings_total\{trigger="manual",outcome="started"\} 1$/m);
  });
});
