import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { tempDir } from "../fixtures/test-app.js";

/**
 * The real server process with OTEL_EXPORTER_OTLP_ENDPOINT set sends its spans over OTLP/HTTP to that address — here
 * a local HTTP server standing in for the collector, which keeps what it is posted — and flushes the last ones when
 * it stops; without the variable it sends nothing.
 */
type OtlpBody = {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: Array<{ name: string; traceId: string }> }>;
  }>;
};

describe("OTLP export from the server process", () => {
  const dir = tempDir("caduceus-otlp-");
  const posted: Array<{ path: string; body: OtlpBody }> = [];
  let collector: Server;
  let collectorUrl: string;
  let fake: FakeModelServer;

  beforeAll(async () => {
    fake = await startFakeModel();
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        posted.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpBody });
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fake.close();
    collector.closeAllConnections();
    await new Promise<void>((resolve) => collector.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (name: string, extra: Record<string, string> = {}) => ({
    CADUCEUS_DB: join(dir, `${name}.db`),
    OPENAI_BASE_URL: fake.baseUrl,
    CADUCEUS_MODEL: "fake-model",
    ...extra,
  });

  async function oneRun(server: ServerProcess): Promise<void> {
    fake.enqueue({ content: "Traced answer." });
    const created = (await (await server.call("POST", "/v1/sessions", {})).json()) as { id: string };
    const res = await server.call("POST", `/v1/sessions/${created.id}/messages`, { content: "Hi" });
    expect(res.status).toBe(200);
  }

  it("exports the spans of a run to OTEL_EXPORTER_OTLP_ENDPOINT, flushed on SIGTERM", async () => {
    const server = await startServerProcess(
      env("traced", { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_SERVICE_NAME: "caduceus-under-test" }),
    );
    await oneRun(server);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((post) => post.path === "/v1/traces")).toBe(true);
    const resources = posted.flatMap((post) => post.body.resourceSpans);
    const names = resources.flatMap((r) => r.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name)));
    expect(names).toEqual(
      expect.arrayContaining(["POST /v1/sessions/:id/messages", "invoke_agent", "chat fake-model"]),
    );
    const service = resources[0].resource.attributes.find((a) => a.key === "service.name");
    expect(service?.value.stringValue).toBe("caduceus-under-test");
    expect(server.output()).toContain("spans are exported over OTLP");
  });

  it("sends nothing without an endpoint", async () => {
    posted.length = 0;
    const server = await startServerProcess(env("untraced"));
    await oneRun(server);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(posted).toEqual([]);
    expect(server.output()).not.toContain("spans are exported over OTLP");
  });
});
