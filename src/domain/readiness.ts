/**
 * @module readiness
 * The readiness report, from real probes: the database answers a ping in time, the model's endpoint answers
 * `GET {base_url}/models` with the configured key, and the browser is an executable Chromium or a CDP endpoint that
 * answers `/json/version`. The server is unavailable without its database or with a configured model it cannot
 * reach, and degraded when anything else is missing. Probes over the network are short and their answers reused for
 * a few seconds, so frequent polling neither waits long nor floods the provider.
 */
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import type { Config } from "../config/schema.js";
import type { Store } from "../db/store.js";
import { redactSecrets } from "../kernel/redaction.js";
import { findBrowserExecutable } from "./shared/browser-executable.js";
import { DEMO_MODEL_WARNING, isModelConfigured, missingModelSettings } from "./shared/configured-model.js";
import type { ModelRouter } from "./llm/model-router.js";

const STORE_NAMES = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

export type CheckState = "ok" | "degraded" | "unavailable";
export type Check = { status: CheckState; detail?: string };
/** One model of the run chain as readiness found it: its probe, and its circuit breaker. */
export type ChainEntry = {
  model: string;
  role: "primary" | "fallback";
  status: CheckState;
  detail?: string;
  breaker: "closed" | "open" | "half_open";
};
/** The model check, with each model of the chain when fallbacks are configured. */
export type ModelCheck = Check & { chain?: ChainEntry[] };
/** This replica among those sharing the database: `sole` on SQLite (one process), `shared` on PostgreSQL. */
export type ReplicaRole = {
  id: string;
  store: "sqlite" | "postgres";
  role: "sole" | "shared";
  /** Replicas whose heartbeat is within the lease, this one included. */
  replicas_alive: number;
  /** How long a replica stays alive without a heartbeat (`server.lease_ttl_ms`). */
  lease_ttl_ms: number;
  /** Every replica of the lease table, this one included: its id, last heartbeat and whether it is alive. */
  replicas: Array<{ id: string; heartbeat_at: string; alive: boolean; self: boolean }>;
};
export type ReadinessReport = {
  status: CheckState;
  checks: { database: Check; model: ModelCheck; browser: Check; leases: Check };
  replica: ReplicaRole;
};

/** What readiness reads of the heartbeat. */
export type HeartbeatView = {
  isAlive(heartbeatAt: number | null): boolean;
  readonly replicaId: string;
  readonly leaseTtlMs: number;
};

/** How long a probe of the model or of a CDP endpoint may take before the endpoint counts as unreachable. */
export const PROBE_TIMEOUT_MS = 2_000;
/** How long a network probe's answer is reused, so a load balancer polling every second does not poll the provider. */
export const PROBE_CACHE_MS = 5_000;
/** Where the OpenAI SDK sends requests when `model.base_url` is unset. */
const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

const RANK: Record<CheckState, number> = { ok: 0, degraded: 1, unavailable: 2 };

/** Without the database nothing works, and a configured model that cannot be reached fails every run. */
function overallStatus(checks: ReadinessReport["checks"]): CheckState {
  if (checks.database.status === "unavailable" || checks.model.status === "unavailable") return "unavailable";
  const worst = Object.values(checks).reduce<CheckState>(
    (acc, c) => (RANK[c.status] > RANK[acc] ? c.status : acc),
    "ok",
  );
  // The browser is needed by browser tools only: without it the server still serves runs.
  return worst === "unavailable" ? "degraded" : worst;
}

/** A URL as a report may show it: no credentials, query or fragment (a key or a CDP token can sit there). */
function shownUrl(url: URL): string {
  return redactSecrets(`${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`);
}

/** Why a request got no answer, in a few words. */
function failureOf(err: unknown): string {
  if (err instanceof Error && err.name === "TimeoutError") return `no answer within ${PROBE_TIMEOUT_MS} ms`;
  const cause = err instanceof Error ? err.cause : undefined;
  // undici puts the socket's error (ECONNREFUSED, ENOTFOUND…) in `cause`; an AggregateError there has no message.
  const code = cause instanceof Error ? (cause as NodeJS.ErrnoException).code : undefined;
  const message = cause instanceof Error ? cause.message || code : err instanceof Error ? err.message : String(err);
  return redactSecrets(message || "the request failed");
}

/** GET with the probe timeout; the body is not needed, so it is let go at once. */
async function probe(url: URL, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  await response.body?.cancel();
  return response.status;
}

async function probeModel(name: string, baseUrl: string, apiKey: string | null): Promise<Check> {
  // The configuration holds URLs only (config/schema.ts validates them).
  const base = new URL(baseUrl);
  const url = new URL(`${base.pathname.replace(/\/+$/, "")}/models`, base);
  url.search = base.search;
  const request = `GET ${shownUrl(url)}`;
  let status: number;
  try {
    status = await probe(url, apiKey ? { authorization: `Bearer ${apiKey}` } : {});
  } catch (err) {
    return {
      status: "unavailable",
      detail: `model ${name}: ${request} failed: ${failureOf(err)}; check model.base_url and that the endpoint is up`,
    };
  }
  if (status >= 200 && status < 300) return { status: "ok", detail: `${name} at ${shownUrl(base)}` };
  if (status === 401 || status === 403) {
    return {
      status: "unavailable",
      detail: `model ${name}: ${request} answered HTTP ${status}: the endpoint refuses model.api_key`,
    };
  }
  if (status >= 500) {
    return {
      status: "unavailable",
      detail: `model ${name}: ${request} answered HTTP ${status}: the endpoint is failing`,
    };
  }
  // Some OpenAI-compatible servers serve chat completions without a model list: reachable, but unconfirmed.
  return {
    status: "degraded",
    detail: `model ${name}: ${request} answered HTTP ${status}; the endpoint answers but lists no models`,
  };
}

/** The HTTP address of a CDP endpoint's `/json/version`, whichever scheme the URL was given with. */
function cdpVersionUrl(cdpUrl: string): URL {
  const url = new URL(cdpUrl);
  url.protocol = url.protocol === "wss:" || url.protocol === "https:" ? "https:" : "http:";
  url.pathname = "/json/version";
  return url;
}

async function probeCdp(cdpUrl: string): Promise<Check> {
  const url = cdpVersionUrl(cdpUrl);
  const request = `GET ${shownUrl(url)}`;
  try {
    const status = await probe(url);
    if (status >= 200 && status < 300) return { status: "ok", detail: `CDP endpoint answers at ${shownUrl(url)}` };
    return { status: "unavailable", detail: `browser.cdp_url: ${request} answered HTTP ${status}` };
  } catch (err) {
    return { status: "unavailable", detail: `browser.cdp_url: ${request} failed: ${failureOf(err)}` };
  }
}

async function checkExecutable(configured: string): Promise<Check> {
  const path = findBrowserExecutable(configured);
  if (!path) {
    return configured === "auto"
      ? { status: "degraded", detail: "no Chromium found; install Debian's chromium or set browser.executable_path" }
      : { status: "unavailable", detail: `browser.executable_path ${configured} does not exist` };
  }
  try {
    await access(path, constants.X_OK);
    return { status: "ok", detail: path };
  } catch {
    return {
      status: "unavailable",
      detail: `${path} is not executable; fix its permissions or set browser.executable_path`,
    };
  }
}

type CachedProbe = { expiresAt: number; check: Promise<Check> };

export class Readiness {
  private readonly cache = new Map<string, CachedProbe>();

  constructor(
    private readonly config: Config,
    private readonly store: Store,
    private readonly heartbeat: HeartbeatView,
    private readonly models: ModelRouter,
  ) {}

  async check(): Promise<ReadinessReport> {
    const [database, model, browser, lease] = await Promise.all([
      this.database(),
      this.model(),
      this.browser(),
      this.leases(),
    ]);
    const checks = { database, model, browser, leases: lease.check };
    return {
      status: overallStatus(checks),
      checks,
      replica: {
        id: this.heartbeat.replicaId,
        store: this.store.dialect,
        role: this.store.topology,
        replicas_alive: lease.replicas.filter((replica) => replica.alive).length,
        lease_ttl_ms: this.heartbeat.leaseTtlMs,
        replicas: lease.replicas,
      },
    };
  }

  /**
   * The lease table: this replica's heartbeat is recorded and fresh (else the others will take its runs and browsers
   * over), and how many replicas are alive.
   */
  private async leases(): Promise<{ check: Check; replicas: ReplicaRole["replicas"] }> {
    const self = this.heartbeat.replicaId;
    try {
      const replicas = (await this.store.replicas.list()).map((replica) => ({
        id: replica.id,
        heartbeat_at: new Date(replica.heartbeat_at).toISOString(),
        alive: this.heartbeat.isAlive(replica.heartbeat_at),
        self: replica.id === self,
      }));
      const alive = replicas.filter((replica) => replica.alive);
      const named = alive.map((replica) => (replica.self ? `${replica.id} (this one)` : replica.id)).join(", ");
      const table = `the lease table (${this.store.topology === "shared" ? "replicas" : "replicas, this process only"})`;
      if (!replicas.some((replica) => replica.self && replica.alive))
        return {
          check: {
            status: "degraded",
            detail: `replica ${self} has no fresh heartbeat in ${table}; others may take its runs over`,
          },
          replicas,
        };
      return { check: { status: "ok", detail: `${table} lists ${alive.length} alive: ${named}` }, replicas };
    } catch (err) {
      return { check: { status: "unavailable", detail: redactSecrets((err as Error).message) }, replicas: [] };
    }
  }

  /** A shared database is reached over the network: one that does not answer in time counts as down. */
  private async database(): Promise<Check> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">(
      (resolve) => (timer = setTimeout(() => resolve("timeout"), PROBE_TIMEOUT_MS)),
    );
    try {
      const answer = await Promise.race([this.store.ping(), timedOut]);
      if (answer === "timeout")
        return { status: "unavailable", detail: `database: no answer within ${PROBE_TIMEOUT_MS} ms` };
      return answer
        ? { status: "ok", detail: this.storeName() }
        : { status: "unavailable", detail: `${this.storeName()} did not answer` };
    } catch (err) {
      return { status: "unavailable", detail: redactSecrets((err as Error).message) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Which store this is and where, as the start-up log line names it (a PostgreSQL URL without its password). */
  private storeName(): string {
    return `${STORE_NAMES[this.store.dialect]} at ${this.store.location}`;
  }

  /**
   * The run chain: every model probed (answers cached), each with its breaker. Unavailable only when no model of the
   * chain can answer; degraded when the primary cannot and a fallback stands in, or a fallback cannot.
   */
  private async model(): Promise<ModelCheck> {
    const { name } = this.config.model;
    // Worded as the 503 a run would answer, so both say the same keys.
    if (!name || !isModelConfigured(this.config, name))
      return { status: "degraded", detail: `${missingModelSettings(this.config, name)}; runs answer 503` };
    if (this.config.model.provider === "demo") return { status: "degraded", detail: DEMO_MODEL_WARNING };
    const targets = this.models.agentTargets(name);
    const chain: ChainEntry[] = await Promise.all(
      targets.map(async (target, index) => {
        const probed = await this.cached(`model:${index}`, () =>
          probeModel(target.model, target.baseURL ?? OPENAI_DEFAULT_BASE_URL, target.apiKey),
        );
        const breaker = this.models.breakerOf(target);
        const entry: ChainEntry = {
          model: target.model,
          role: index === 0 ? "primary" : "fallback",
          ...probed,
          breaker: breaker.state,
        };
        if (breaker.state !== "open" || probed.status === "unavailable") return entry;
        const until = new Date(breaker.open_until ?? 0).toISOString();
        return {
          ...entry,
          status: "degraded",
          detail: `its circuit breaker is open until ${until} after ${breaker.last_failure}`,
        };
      }),
    );
    const [primary, ...fallbacks] = chain;
    if (fallbacks.length === 0) return { status: primary.status, detail: primary.detail };
    const standIn = fallbacks.find((entry) => entry.status === "ok");
    const down = fallbacks.filter((entry) => entry.status !== "ok").map((entry) => entry.model);
    if (primary.status === "ok") {
      if (down.length === 0)
        return { status: "ok", detail: `${primary.detail}; ${fallbacks.length} fallback(s) answer`, chain };
      return { status: "degraded", detail: `${primary.detail}; fallback(s) not usable: ${down.join(", ")}`, chain };
    }
    if (standIn)
      return {
        status: "degraded",
        detail: `the primary model is not usable (${primary.detail}); ${standIn.model} stands in`,
        chain,
      };
    return {
      status: primary.status === "degraded" ? "degraded" : "unavailable",
      detail: `${primary.detail}; no fallback is usable`,
      chain,
    };
  }

  private async browser(): Promise<Check> {
    const { cdp_url, executable_path } = this.config.browser;
    if (cdp_url) return this.cached("browser", () => probeCdp(cdp_url));
    return checkExecutable(executable_path);
  }

  /** The probe's answer while it is fresh (the server's config never changes); checks at once share one probe. */
  private cached(name: string, run: () => Promise<Check>): Promise<Check> {
    const now = performance.now();
    const hit = this.cache.get(name);
    if (hit && now < hit.expiresAt) return hit.check;
    const check = run();
    this.cache.set(name, { expiresAt: now + PROBE_CACHE_MS, check });
    return check;
  }
}
