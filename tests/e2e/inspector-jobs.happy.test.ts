/**
 * The inspector's jobs page: the jobs with their schedule, state and next run; Pause, Resume and Run now; the runs a
 * job fired, each opening its run's trace; and a webhook's deliveries with their attempts, redelivered by hand.
 */
import { describe, expect } from "vitest";
import { violationsInBothThemes } from "../fixtures/axe.js";
import { waitFor } from "../fixtures/browser.js";
import { withInspector } from "../fixtures/inspector.js";
import { SERVER_KEY } from "../fixtures/keys.js";
import { withApp } from "../fixtures/suite.js";
import { WebhookReceiver } from "../fixtures/webhook-receiver.js";

const it = withInspector(
  withApp({
    overrides: { server: { api_key: SERVER_KEY }, webhooks: { allow_private: true, retry_schedule_s: [0.05] } },
  }),
);
const WAIT_MS = 15_000;

describe("the inspector's jobs page", () => {
  it("lists jobs, pauses, resumes and runs one now, shows its runs and a webhook's deliveries", async ({
    app: t,
    inspector,
  }) => {
    const receiver = await new WebhookReceiver().start();
    try {
      const hook = (await (
        await t.call("POST", "/v1/webhooks", { url: receiver.url, events: ["run.completed"] })
      ).json()) as { id: string };
      const job = (await (
        await t.call("POST", "/v1/jobs", { name: "Morning check", schedule: { cron: "0 7 * * *" }, prompt: "Check." })
      ).json()) as { id: string };

      const page = await inspector.open("/ui/", { bypassCSP: true });
      await page.getByLabel("API key").fill(SERVER_KEY);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Jobs" }).click();
      await page.getByRole("heading", { name: "Scheduled jobs" }).waitFor({ timeout: WAIT_MS });
      const row = page.getByRole("row", { name: /Morning check/ });
      await row.getByRole("cell", { name: "0 7 * * *" }).waitFor({ timeout: WAIT_MS });
      await row.getByRole("button", { name: "Pause" }).click();
      await row.getByRole("cell", { name: "paused", exact: true }).waitFor({ timeout: WAIT_MS });
      await row.getByRole("button", { name: "Resume" }).click();
      await row.getByRole("cell", { name: "scheduled", exact: true }).waitFor({ timeout: WAIT_MS });
      await row.getByRole("button", { name: "Run now" }).click();
      await row.getByRole("button", { name: "Runs (1)" }).click();
      const runs = page.getByRole("list", { name: "Runs of Morning check" });
      await runs.getByText(/manual/).waitFor({ timeout: WAIT_MS });
      const [stored] = await t.query<{ run_id: string }>("select run_id from job_runs where job_id = $1", [job.id]);
      expect(await runs.getByRole("link", { name: "open" }).getAttribute("href")).toContain(stored.run_id);
      // The page reads the deliveries when they are opened: they are opened once the run's end has been delivered.
      await waitFor(async () => {
        const { data } = (await (await t.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).json()) as {
          data: Array<{ status: string }>;
        };
        return data.some((delivery) => delivery.status === "delivered");
      }, "the run's end delivered");

      await page
        .getByRole("row", { name: new RegExp(receiver.url) })
        .getByRole("button", { name: "Deliveries" })
        .click();
      const deliveries = page.getByRole("list", { name: `Deliveries to ${receiver.url}` });
      await deliveries.getByText(/run\.completed · delivered · 1 attempts · HTTP 200/).waitFor({ timeout: WAIT_MS });
      await deliveries.getByRole("button", { name: "Redeliver" }).click();
      await deliveries.getByText(/2 attempts/).waitFor({ timeout: WAIT_MS });
      expect(receiver.of("run.completed")).toHaveLength(2);
      expect(await violationsInBothThemes(page)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
