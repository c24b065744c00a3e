/**
 * @module metrics
 * The server's Prometheus metrics (prom-client), one registry per app: requests by route and status with their
 * latency, runs by how they ended, model calls, tokens, latency and time to first token by model and purpose,
 * fallbacks, their cost in US dollars by model and purpose (from the price table, as each call is recorded for the
 * usage report), compressions and the tokens they saved, job firings and webhook delivery attempts by outcome, live
 * browsers, interrupts waiting, and event-loop lag. Runs
 * and compressions are counted from the events the server stores; model calls from the model chains' observer; cost
 * from the usage meter; gauges are read when scraped.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { SessionEvent } from "../domain/events/bus.js";
import type { FallbackNotice, ModelCallObserver, ModelCallRecord } from "../domain/llm/model-chain.js";

/** Latency buckets in seconds, from a cached answer to a long model call. */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** Where the counts come from: the events stored, and what the gauges read when scraped. */
export type MetricSources = {
  events: { tap(listener: (event: SessionEvent) => void): () => void };
  browsers: { readonly activeCount: number };
  interrupts: { allPending(): Promise<unknown[]> };
};

export class ServerMetrics implements ModelCallObserver {
  readonly registry = new Registry();
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly requestSeconds: Histogram<"method" | "route" | "status">;
  private readonly runs: Counter<"status">;
  private readonly modelCalls: Counter<"model" | "purpose" | "outcome">;
  private readonly modelTokens: Counter<"model" | "purpose" | "kind">;
  private readonly modelSeconds: Histogram<"model" | "purpose">;
  private readonly firstTokenSeconds: Histogram<"model" | "purpose">;
  private readonly fallbacks: Counter<"purpose" | "from_model" | "to_model" | "reason">;
  private readonly compressions: Counter<"trigger" | "fallback_used">;
  private readonly tokensSaved: Counter;
  private readonly cost: Counter<"model" | "purpose">;
  private readonly jobFirings: Counter<"trigger" | "outcome">;
  private readonly webhookAttempts: Counter<"outcome">;
  private readonly loopDelay: IntervalHistogram;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: "caduceus_http_requests_total",
      help: "HTTP requests answered, by method, route template and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: "caduceus_http_request_duration_seconds",
      help: "Time to answer an HTTP request (to the first byte of a stream)",
      labelNames: ["method", "route", "status"],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.runs = new Counter({
      name: "caduceus_runs_total",
      help: "Agent runs ended, by status (completed, incomplete, failed, cancelled, interrupted)",
      labelNames: ["status"],
      registers,
    });
    this.modelCalls = new Counter({
      name: "caduceus_model_calls_total",
      help: "Model calls (each model a fallback chain tried counts once), by model, purpose and outcome",
      labelNames: ["model", "purpose", "outcome"],
      registers,
    });
    this.modelTokens = new Counter({
      name: "caduceus_model_tokens_total",
      help: "Tokens the providers reported, by model, purpose and kind (input, output, cache_read)",
      labelNames: ["model", "purpose", "kind"],
      registers,
    });
    this.modelSeconds = new Histogram({
      name: "caduceus_model_call_duration_seconds",
      help: "Time a model call took, retries by the client included",
      labelNames: ["model", "purpose"],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.firstTokenSeconds = new Histogram({
      name: "caduceus_model_time_to_first_token_seconds",
      help: "Time from a streamed model call's start to its first token",
      labelNames: ["model", "purpose"],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.fallbacks = new Counter({
      name: "caduceus_model_fallbacks_total",
      help: "Times a model stood in for a failed one, by purpose, the two models and the failure",
      labelNames: ["purpose", "from_model", "to_model", "reason"],
      registers,
    });
    this.compressions = new Counter({
      name: "caduceus_compressions_total",
      help: "Context compressions stored, by trigger and whether the deterministic fallback summary was used",
      labelNames: ["trigger", "fallback_used"],
      registers,
    });
    this.tokensSaved = new Counter({
      name: "caduceus_compression_tokens_saved_total",
      help: "Context tokens the stored compressions took out (tokens before minus tokens after)",
      registers,
    });
    this.cost = new Counter({
      name: "caduceus_model_cost_usd_total",
      help: "What model calls cost in US dollars (models.prices), by model and purpose; unpriced calls add nothing",
      labelNames: ["model", "purpose"],
      registers,
    });
    this.jobFirings = new Counter({
      name: "caduceus_job_firings_total",
      help: "Scheduled job firings, by trigger (schedule, catch_up, queued, manual) and outcome (started, failed)",
      labelNames: ["trigger", "outcome"],
      registers,
    });
    this.webhookAttempts = new Counter({
      name: "caduceus_webhook_deliveries_total",
      help: "Webhook delivery attempts, by outcome (delivered, retry, failed for good)",
      labelNames: ["outcome"],
      registers,
    });
    new Gauge({
      name: "caduceus_browsers_live",
      help: "Supervised browsers running in this process",
      registers,
      collect() {
        this.set(sources.browsers.activeCount);
      },
    });
    new Gauge({
      name: "caduceus_interrupts_waiting",
      help: "Interrupts (approvals, client tool outputs) waiting for an answer",
      registers,
      async collect() {
        this.set((await sources.interrupts.allPending()).length);
      },
    });
    this.loopDelay = monitorEventLoopDelay({ resolution: 20 });
    this.loopDelay.enable();
    const loopDelay = this.loopDelay;
    new Gauge({
      name: "caduceus_event_loop_lag_seconds",
      help: "Event-loop delay over the last scrape interval: the 99th percentile",
      registers,
      collect() {
        const p99 = loopDelay.percentile(99);
        this.set(Number.isFinite(p99) ? p99 / 1e9 : 0);
        loopDelay.reset();
      },
    });
    sources.events.tap((event) => this.eventStored(event));
  }

  requestServed(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, seconds);
  }

  modelCalled(record: ModelCallRecord): void {
    const { model, purpose } = record;
    this.modelCalls.inc({ model, purpose, outcome: record.outcome });
    this.modelSeconds.observe({ model, purpose }, record.durationMs / 1000);
    if (record.firstTokenMs !== null) this.firstTokenSeconds.observe({ model, purpose }, record.firstTokenMs / 1000);
    const usage = record.usage;
    if (!usage) return;
    this.modelTokens.inc({ model, purpose, kind: "input" }, usage.prompt_tokens);
    this.modelTokens.inc({ model, purpose, kind: "output" }, usage.completion_tokens);
    if (usage.cache_read_tokens) this.modelTokens.inc({ model, purpose, kind: "cache_read" }, usage.cache_read_tokens);
  }

  /** A model call recorded for the usage report, with its cost when its model has a price. */
  costRecorded(call: { model: string; purpose: string; cost_usd: number | null }): void {
    if (call.cost_usd !== null) this.cost.inc({ model: call.model, purpose: call.purpose }, call.cost_usd);
  }

  jobFired(trigger: string, outcome: string): void {
    this.jobFirings.inc({ trigger, outcome });
  }

  webhookAttempted(outcome: string): void {
    this.webhookAttempts.inc({ outcome });
  }

  fellBack(notice: FallbackNotice): void {
    this.fallbacks.inc({ purpose: notice.purpose, from_model: notice.from, to_model: notice.to, reason: notice.kind });
  }

  /** Counts what an event says ended: a run, a compression. */
  eventStored(event: SessionEvent): void {
    switch (event.type) {
      case "run.completed":
      case "run.failed":
      case "run.cancelled":
        this.runs.inc({ status: event.data.run.status });
        break;
      case "context.compressed":
        if (!event.data.summary_id && event.data.messages_compacted === 0) break;
        this.compressions.inc({ trigger: event.data.trigger, fallback_used: String(event.data.fallback_used) });
        this.tokensSaved.inc(Math.max(0, event.data.tokens_before - event.data.tokens_after));
        break;
      default:
        break;
    }
  }

  /** The Prometheus text exposition of every metric, and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  close(): void {
    this.loopDelay.disable();
  }
}
