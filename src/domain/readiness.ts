import type { Config } from "../config.js";
import type { Store } from "../db/store.js";
import { findBrowserExecutable } from "./browser/executable.js";

export type CheckState = "ok" | "degraded" | "unavailable";
export type Check = { status: CheckState; detail?: string };
export type ReadinessReport = { status: CheckState; checks: { database: Check; model: Check; browser: Check } };

const RANK: Record<CheckState, number> = { ok: 0, degraded: 1, unavailable: 2 };

export class Readiness {
  constructor(
    private readonly config: Config,
    private readonly store: Store,
  ) {}

  async check(): Promise<ReadinessReport> {
    const checks = { database: this.database(), model: this.model(), browser: this.browser() };
    const status = Object.values(checks).reduce<CheckState>(
      (worst, c) => (RANK[c.status] > RANK[worst] ? c.status : worst),
      "ok",
    );
    return {
      status: checks.database.status === "unavailable" ? "unavailable" : status === "unavailable" ? "degraded" : status,
      checks,
    };
  }

  private database(): Check {
    try {
      return this.store.ping() ? { status: "ok" } : { status: "unavailable", detail: "database did not answer" };
    } catch (err) {
      return { status: "unavailable", detail: (err as Error).message };
    }
  }

  private model(): Check {
    const { base_url, api_key, name } = this.config.model;
    if (!name)
      return { status: "degraded", detail: "no model configured (set model.name / CADUCEUS_MODEL); runs answer 503" };
    if (!base_url && !api_key) {
      return {
        status: "degraded",
        detail: `model ${name} has no endpoint: set model.base_url (OPENAI_BASE_URL) or model.api_key (OPENAI_API_KEY); runs answer 503`,
      };
    }
    return { status: "ok", detail: `${name} at ${base_url ?? "the OpenAI default endpoint"}` };
  }

  private browser(): Check {
    if (this.config.browser.cdp_url) return { status: "ok", detail: `connects to ${this.config.browser.cdp_url}` };
    const path = findBrowserExecutable(this.config.browser.executable_path);
    return path
      ? { status: "ok", detail: path }
      : { status: "degraded", detail: "no Chromium found; install Debian's chromium or set browser.executable_path" };
  }
}
