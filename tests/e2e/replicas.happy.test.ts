/**
 * Two real server processes on one PostgreSQL database behind a round-robin balancer: a session made through one is
 * continued through the other, events posted on one stream from the other with exact replay, a dialog raised in the
 * browser one replica holds is answered through the other (the page's JS gets the answer), and a replica killed with
 * SIGKILL mid-run leaves its run `interrupted`, its browser taken over by the survivor, and no message lost or doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERRUPTED_TOOL_RESULT } from "../../src/domain/agent/run-stop.js";
import { readSse, waitFor, type SseEvent } from "../fixtures/agent-harness.js";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { startPagesServer, type PagesServer } from "../fixtures/pages-server.js";
import { createTestDatabase } from "../fixtures/postgres.js";
import { startRoundRobinProxy, type RoundRobinProxy } from "../fixtures/round-robin-proxy.js";
import { startReplicaProcess, type ServerProcess } from "../fixtures/server-process.js";

const API_KEY = "replicas-e2e-api-key";
const INTERNAL_KEY = "replicas-e2e-internal-key-0123456789";
const LEASE_TTL_MS = 3_000;
const REPLICA_OPTIONS = { internalKey: INTERNAL_KEY, apiKey: API_KEY, leaseTtlMs: LEASE_TTL_MS };

type Caller = { baseUrl: string };
const auth = { authorization: `Bearer ${API_KEY}` };

async function call(target: Caller, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${target.baseUrl}${path}`, {
    method,
    headers: body === undefined ? auth : { ...auth, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

type Message = { seq: number; role: string; content: unknown };
type Snapshot = { pending_dialogs: Array<{ id: string; message: string }> };

let database: { url: string; drop(): Promise<void> };
let fake: FakeModelServer;
let pages: PagesServer;
let a: ServerProcess;
let b: ServerProcess;
let proxy: RoundRobinProxy;

const startReplica = (id: string): Promise<ServerProcess> =>
  startReplicaProcess({ id, databaseUrl: database.url, ...REPLICA_OPTIONS, modelBaseUrl: fake.baseUrl });

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeModel();
  pages = await startPagesServer();
  [a, b] = await Promise.all([startReplica("replica-a"), startReplica("replica-b")]);
  proxy = await startRoundRobinProxy([a.baseUrl, b.baseUrl]);
}, 60_000);

afterAll(async () => {
  if (process.env.DEBUG_REPLICAS) console.log("A:\n" + a?.output() + "\nB:\n" + b?.output());
  await proxy?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([fake?.close(), pages?.close()]);
  await database?.drop();
}, 60_000);

async function messagesOf(target: Caller, sessionId: string): Promise<Message[]> {
  return (await json<{ data: Message[] }>(await call(target, "GET", `/v1/sessions/${sessionId}/messages?limit=200`)))
    .data;
}

describe("two replicas on one PostgreSQL", () => {
  it("continues on one replica a session made on the other, through the balancer", async () => {
    const session = await json<{ id: string }>(await call(proxy, "POST", "/v1/sessions", { title: "shared" }), 201);
    fake.enqueue({ content: "first answer" }, { content: "second answer" });
    for (const text of ["first question", "second question"]) {
      await json(await call(proxy, "POST", `/v1/sessions/${session.id}/messages`, { role: "user", content: text }));
    }
    // Four requests, alternating: each replica served two of them.
    expect(new Set(proxy.routed.slice(-3)).size).toBe(2);
    for (const replica of [a, b]) {
      const rows = await messagesOf(replica, session.id);
      expect(rows.map((row) => [row.seq, row.role, row.content])).toEqual([
        [1, "user", "first question"],
        [2, "assistant", "first answer"],
        [3, "user", "second question"],
        [4, "assistant", "second answer"],
      ]);
    }
  });

  it("streams on one replica the events posted on the other, and replays exactly from Last-Event-ID", async () => {
    const { id } = await json<{ id: string }>(await call(a, "POST", "/v1/sessions", {}), 201);
    const live = await fetch(`${a.baseUrl}/v1/sessions/${id}/events`, { headers: auth });
    expect(live.status).toBe(200);
    const heard = readSse(live, (frame) => frame.event === "run.completed");
    // The stream is open on A; B runs a turn of the session afterwards.
    await new Promise((resolve) => setTimeout(resolve, 300));
    fake.enqueue({ content: "answered on b" });
    await json(await call(b, "POST", `/v1/sessions/${id}/messages`, { role: "user", content: "asked on b" }));
    const frames = (await heard).filter((frame) => frame.id !== null);
    expect(frames.map((frame) => frame.event)).toEqual([
      "run.started",
      "message.created",
      "message.created",
      "run.completed",
    ]);
    const contents = frames
      .filter((frame) => frame.event === "message.created")
      .map((frame) => (JSON.parse(frame.data) as { message: Message }).message.content);
    expect(contents).toEqual(["asked on b", "answered on b"]);
    const ids = frames.map((frame) => Number(frame.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    // Resumed on B after the first: exactly the ones that followed it, with the same ids and events.
    const resumed = await fetch(`${b.baseUrl}/v1/sessions/${id}/events`, {
      headers: { ...auth, "last-event-id": String(ids[0]) },
    });
    const replayed = (await readSse(resumed, (frame) => frame.event === "run.completed")).filter(
      (frame: SseEvent) => frame.id !== null,
    );
    expect(replayed.map((frame) => [Number(frame.id), frame.event])).toEqual(
      frames.slice(1).map((frame) => [Number(frame.id), frame.event]),
    );
  });

  it("creates one session for six concurrent requests with one Idempotency-Key spread over both replicas", async () => {
    const key = `same-key-${Date.now()}`;
    const body = { title: "idempotent across replicas" };
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((target) =>
        fetch(`${target.baseUrl}/v1/sessions`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json", "idempotency-key": key },
          body: JSON.stringify(body),
        }),
      ),
    );
    const created = answers.filter((res) => res.status === 201 && !res.headers.has("idempotency-replayed"));
    expect(created).toHaveLength(1);
    const ids = new Set<string>();
    for (const res of answers) {
      const text = await res.text();
      expect([201, 409], text).toContain(res.status);
      if (res.status === 201) ids.add((JSON.parse(text) as { id: string }).id);
      else expect(JSON.parse(text)).toMatchObject({ code: "idempotency_key_in_flight" });
    }
    expect(ids.size).toBe(1);
    // A retry now, on either replica, replays the one session.
    for (const target of [a, b]) {
      const again = await fetch(`${target.baseUrl}/v1/sessions`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
      });
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotency-replayed")).toBe("true");
      expect(ids.has((await json<{ id: string }>(again, 201)).id)).toBe(true);
    }
    const listed = await json<{ data: Array<{ title: string | null }> }>(
      await call(a, "GET", "/v1/sessions?limit=200"),
    );
    expect(listed.data.filter((session) => session.title === body.title)).toHaveLength(1);
  });

  it("answers through replica B a dialog raised in the browser replica A holds", async () => {
    const { id } = await json<{ id: string }>(await call(a, "POST", "/v1/sessions", {}), 201);
    await json(await call(a, "POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") }));
    await json(
      await call(a, "POST", `/v1/sessions/${id}/browser/evaluate`, {
        expression: "window.__answers = []; setTimeout(() => window.__answers.push(confirm('Ship it?')), 0); 1",
      }),
    );
    // B holds no browser for the session: it forwards to A, where the dialog waits.
    const pending = await waitFor(async () => {
      const snapshot = await json<Snapshot>(await call(b, "GET", `/v1/sessions/${id}/snapshot`));
      return snapshot.pending_dialogs.length > 0 ? snapshot.pending_dialogs : false;
    }, 10_000);
    expect(pending[0].message).toBe("Ship it?");
    await json(await call(b, "POST", `/v1/sessions/${id}/dialogs/respond`, { action: "accept" }));
    const answers = await json<{ result: unknown }>(
      await call(b, "POST", `/v1/sessions/${id}/browser/evaluate`, { expression: "window.__answers" }),
    );
    expect(answers.result).toEqual([true]);
    const history = await json<{ recent_dialogs: Array<{ message: string; closed_by: string }> }>(
      await call(b, "GET", `/v1/sessions/${id}/snapshot`),
    );
    expect(history.recent_dialogs[0]).toMatchObject({ message: "Ship it?", closed_by: "user", action: "accept" });
  });

  it("says in /health/ready which store it uses, its replica id and the lease table", async () => {
    const ready = await json<{
      checks: { database: { detail: string }; leases: { detail: string } };
      replica: { id: string; store: string; role: string; replicas: Array<{ id: string; alive: boolean }> };
    }>(await call(b, "GET", "/health/ready"));
    expect(ready.checks.database.detail).toMatch(/^PostgreSQL at postgres(ql)?:\/\/.*127\.0\.0\.1/);
    expect(ready.checks.leases.detail).toContain("replica-b (this one)");
    expect(ready.checks.leases.detail).toContain("replica-a");
    expect(ready.replica).toMatchObject({ id: "replica-b", store: "postgres", role: "shared" });
    expect(ready.replica.replicas.filter((replica) => replica.alive).map((replica) => replica.id)).toEqual([
      "replica-a",
      "replica-b",
    ]);
  });

  it("applies at once on replica A a dialog policy PATCHed through replica B", async () => {
    const { id } = await json<{ id: string }>(await call(a, "POST", "/v1/sessions", {}), 201);
    await json(await call(a, "POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") }));
    // The page asks by itself once the PATCH is answered (the pages server lets its fetch through): no browser request
    // reaches A between the PATCH and the dialog. Once the dialog has closed, the page says so to the pages server.
    await json(
      await call(a, "POST", `/v1/sessions/${id}/browser/evaluate`, {
        expression:
          "window.__answers = []; fetch('/gate/deploy').then(() => { window.__answers.push(confirm('Deploy now?')); " +
          "return fetch('/gate/deployed'); }); 1",
      }),
    );
    await json(await call(b, "PATCH", `/v1/sessions/${id}`, { config: { browser: { dialog_policy: "auto_accept" } } }));
    pages.open("deployed");
    pages.open("deploy");
    // Past the dialog before anything asks A about the browser (a browser request would make it read the row).
    await waitFor(() => pages.gateHits("deployed") === 1, 15_000);
    const closed = await waitFor(async () => {
      const snapshot = await json<{ recent_dialogs: Array<{ message: string; closed_by: string; action: string }> }>(
        await call(b, "GET", `/v1/sessions/${id}/snapshot`),
      );
      return snapshot.recent_dialogs.find((dialog) => dialog.message === "Deploy now?") ?? false;
    }, 10_000);
    expect(closed).toMatchObject({ closed_by: "auto_policy", action: "accept" });
    const answers = await json<{ result: unknown }>(
      await call(b, "POST", `/v1/sessions/${id}/browser/evaluate`, { expression: "window.__answers" }),
    );
    expect(answers.result).toEqual([true]);
  });

  it("runs a browser tool of a run on replica B in the browser replica A holds", async () => {
    const { id } = await json<{ id: string }>(await call(a, "POST", "/v1/sessions", {}), 201);
    const page = pages.url("localhost", "/plain?held-by=replica-a");
    await json(await call(a, "POST", `/v1/sessions/${id}/browser/navigate`, { url: page }));
    fake.enqueue({ tool_calls: [{ name: "browser_snapshot", arguments: {} }] }, { content: "seen" });
    const ran = await json<{ messages: Array<Message & { role: string }> }>(
      await call(b, "POST", `/v1/sessions/${id}/messages`, { role: "user", content: "what page is open?" }),
    );
    const result = ran.messages.find((message) => message.role === "tool");
    // A browser of B's own would show a blank page: the snapshot is of A's.
    expect(JSON.stringify(result?.content)).toContain("held-by=replica-a");
  });

  it("resumes on replica B a run that paused on replica A for an approval B's client gave", async () => {
    const { id } = await json<{ id: string }>(
      await call(a, "POST", "/v1/sessions", {
        config: { agent: { approvals: { tools: { browser_snapshot: "ask" } } } },
      }),
      201,
    );
    fake.enqueue({ tool_calls: [{ name: "browser_snapshot", arguments: {} }] }, { content: "approved and seen" });
    const paused = await json<{ run: { id: string; status: string }; interrupts: Array<{ id: string }> }>(
      await call(a, "POST", `/v1/sessions/${id}/messages`, { role: "user", content: "look, with my leave" }),
    );
    expect(paused.run.status).toBe("requires_action");
    const listed = await json<{ data: Array<{ id: string; kind: string }> }>(
      await call(b, "GET", `/v1/sessions/${id}/interrupts`),
    );
    expect(listed.data.map((interrupt) => interrupt.id)).toContain(paused.interrupts[0].id);
    await json(
      await call(b, "POST", `/v1/sessions/${id}/interrupts/${paused.interrupts[0].id}`, { decision: "approve" }),
    );
    const run = await waitFor(async () => {
      const body = await json<{ status: string }>(await call(a, "GET", `/v1/runs/${paused.run.id}`));
      return body.status === "completed" ? body : false;
    }, 15_000);
    expect(run.status).toBe("completed");
    const rows = await messagesOf(a, id);
    expect(rows.map((row) => row.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(rows.at(-1)?.content).toBe("approved and seen");
  });

  it("interrupts the run of a replica killed mid-run and lets the survivor take its browser over", async () => {
    const { id } = await json<{ id: string }>(await call(a, "POST", "/v1/sessions", {}), 201);
    await json(await call(a, "POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") }));
    // The run waits on a browser tool call for text that never shows: A is killed while the call is open.
    fake.enqueue({
      tool_calls: [{ id: "call_wait", name: "browser_wait", arguments: { text: "never", time_ms: 30_000 } }],
    });
    const started = await json<{ run: { id: string } }>(
      await call(a, "POST", `/v1/sessions/${id}/messages`, {
        role: "user",
        content: "slow question",
        background: true,
      }),
      202,
    );
    await waitFor(async () => (await messagesOf(a, id)).some((row) => row.role === "assistant"), 10_000);
    a.child.kill("SIGKILL");
    await a.stop();

    // B finds A's lease run out and closes its run.
    const run = await waitFor(async () => {
      const body = await json<{ status: string; error: string | null }>(
        await call(b, "GET", `/v1/runs/${started.run.id}`),
      );
      return body.status === "interrupted" ? body : false;
    }, LEASE_TTL_MS * 4);
    expect(run.error).toContain("replica-a");
    // The next browser action on B takes the browser over: a fresh supervisor, the history kept.
    await json(await call(b, "POST", `/v1/sessions/${id}/browser/navigate`, { url: pages.url("localhost", "/plain") }));
    // Every row once, in seq order: the open call got the interrupted result, so the model is never sent it unanswered.
    const rows = await messagesOf(b, id);
    expect(rows.map((row) => [row.seq, row.role])).toEqual([
      [1, "user"],
      [2, "assistant"],
      [3, "tool"],
    ]);
    expect(rows[2].content).toBe(INTERRUPTED_TOOL_RESULT);
    // The session is free again: B runs the next question.
    fake.enqueue({ content: "answered on b" });
    await json(await call(b, "POST", `/v1/sessions/${id}/messages`, { role: "user", content: "again" }));
    expect((await messagesOf(b, id)).map((row) => row.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});
