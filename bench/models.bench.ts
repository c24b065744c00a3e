import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { startTracing } from "../src/telemetry/tracing.js";
import { makeAgentApp, type AgentApp } from "../tests/fixtures/agent-harness.js";
import { startFakeModel, type FakeModelServer } from "../tests/fixtures/fake-model.js";
import { median, percentile, printFigure, round } from "./figures.js";

/**
 * What the model chain's extras cost a run (a figure and a same-run baseline each):
 * 1. a run (one model call through the fake model) with tracing on, every span kept in memory, against the same run
 *    with tracing off;
 * 2. a run whose primary model is refused and whose first fallback answers, against a run the primary answers;
 * 3. a `GET /metrics` scrape after those runs, against `GET /health`.
 */

const RUNS = 60;
const SCRAPES = 40;

async function runLatencies(app: AgentApp, fake: FakeModelServer, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    // A session of its own per run: a longer transcript would make later runs slower whatever they measure.
    const id = await app.createSession();
    fake.enqueue({ content: `answer ${i}`, usage: { prompt_tokens: 20, completion_tokens: 2 } });
    const started = performance.now();
    const res = await app.call("POST", `/v1/sessions/${id}/messages`, { content: `ask ${i}` });
    await res.arrayBuffer();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function requestLatencies(app: AgentApp, path: string, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await (await app.call("GET", path)).arrayBuffer();
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function run(): Promise<void> {
  const fake = await startFakeModel();
  const backup = await startFakeModel();
  const plain = await makeAgentApp(fake);
  const chained = await makeAgentApp(backup, {
    overrides: {
      // The primary is refused at once (nothing listens on port 1); its breaker must not hide it, so each run pays.
      model: {
        base_url: "http://127.0.0.1:1/v1",
        breaker: { cooldown_s: 0.001 },
        fallbacks: [{ model: "backup-model", base_url: backup.baseUrl }],
      },
    },
  });
  try {
    await runLatencies(plain, fake, 10);
    // Half the untraced runs before the traced ones and half after, so a drift of the machine lands in both.
    const before = await runLatencies(plain, fake, RUNS / 2);
    const exporter = new InMemorySpanExporter();
    const tracing = startTracing(plain.app.services.config, { processor: new SimpleSpanProcessor(exporter) });
    const on = await runLatencies(plain, fake, RUNS);
    const spans = exporter.getFinishedSpans().length;
    await tracing?.shutdown();
    const off = [...before, ...(await runLatencies(plain, fake, RUNS / 2))];
    printFigure("models.run_with_tracing_ms_p50", median(on), median(off), "ms", {
      p95: round(percentile(on, 0.95)),
      baseline_p95: round(percentile(off, 0.95)),
      spans_per_run: round(spans / RUNS),
      runs: RUNS,
    });

    await runLatencies(chained, backup, 5);
    const fellBack = await runLatencies(chained, backup, RUNS);
    const direct = await runLatencies(plain, fake, RUNS);
    printFigure("models.run_after_refused_primary_ms_p50", median(fellBack), median(direct), "ms", {
      p95: round(percentile(fellBack, 0.95)),
      baseline_p95: round(percentile(direct, 0.95)),
      runs: RUNS,
    });

    const scrapes = await requestLatencies(plain, "/metrics", SCRAPES);
    const health = await requestLatencies(plain, "/health", SCRAPES);
    printFigure("models.metrics_scrape_ms_p50", median(scrapes), median(health), "ms", {
      p95: round(percentile(scrapes, 0.95)),
      scrapes: SCRAPES,
    });
  } finally {
    await plain.close();
    await chained.close();
    await fake.close();
    await backup.close();
  }
}
