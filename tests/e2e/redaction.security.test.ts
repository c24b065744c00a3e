/**
 * @module redaction.security
 * Attack test for SPEC §5.8: secrets planted everywhere a transcript carries text — user messages,
 * inline tool-call arguments, here-documents inside tool-call arguments (after a JSON-escaped `\n`)
 * and tool results — are compressed with the summary model, with no model configured and with a
 * summary model that fails. None may reach the summary model, the summaries, the active context,
 * the anchors, the stored rows or the log; identifiers that only look like secrets must survive.
 */
import { Writable } from "node:stream";
import type { z } from "@hono/zod-openapi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { makeTestApp, type TestApp } from "../fixtures/test-app.js";
import {
  append,
  createSession,
  filler,
  getJson,
  modelConfig,
  toolRound,
  type SeedMessage,
} from "../fixtures/context-transcript.js";
import { INTACT_VALUES, PLANTED_SECRETS, type PlantedSecret } from "../fixtures/secrets.js";
import type { CompressResultSchema } from "../../src/routes/context/schemas.js";

type CompressResponse = z.infer<typeof CompressResultSchema>;

/** Collects the app's pino lines, as a log file would hold them. */
class LogSink extends Writable {
  text = "";
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
}

const PLACEMENTS = ["user message", "inline tool argument", "here-document tool argument", "tool result"] as const;
type Placement = (typeof PLACEMENTS)[number];

function plantedTurns(placement: Placement, secret: PlantedSecret): SeedMessage[] {
  switch (placement) {
    case "user message":
      return [
        { role: "user", content: `note for later:\n${secret.text}\nthanks` },
        { role: "assistant", content: "noted" },
      ];
    case "inline tool argument":
      return toolRound(
        "save it",
        "terminal",
        { command: `echo '${secret.text}' >> notes.txt` },
        "exit code 0",
        "saved",
      );
    case "here-document tool argument":
      // JSON.stringify turns the newlines into `\n`: the secret starts a line only once decoded.
      return toolRound(
        "write the env file",
        "terminal",
        { command: `cat <<EOF > .env\n${secret.text}\nEOF\nchmod 600 .env` },
        "exit code 0",
        "written",
      );
    case "tool result":
      return toolRound(
        "show the config",
        "read_file",
        { path: "config/.env" },
        `# config\n${secret.text}\n`,
        "read it",
      );
  }
}

const INTACT = Object.values(INTACT_VALUES);

/** Text next to each planted secret that the summary request shows: proof the planted turns were really serialized. */
const REQUEST_TRACE: Record<Placement, string> = {
  "user message": "note for later:",
  "inline tool argument": "echo '",
  "here-document tool argument": "cat <<EOF > .env",
  "tool result": "# config",
};
/** The deterministic summary lists tool calls by their key argument: it is built from the planted arguments too. */
const FALLBACK_TRACE: Partial<Record<Placement, string>> = {
  "inline tool argument": "terminal(echo '",
  "here-document tool argument": "terminal(cat <<EOF > .env",
};

/** One session per placement: every planted secret in the compacted span, the tail all filler. */
async function plantedSession(t: TestApp, placement: Placement): Promise<string> {
  const id = await createSession(t);
  await append(t, id, [
    { role: "user", content: "hello" },
    { role: "assistant", content: "hi" },
    { role: "user", content: "start" },
    { role: "assistant", content: "ok" },
  ]);
  const { maxTokens, sha, uuid, url } = INTACT_VALUES;
  await append(t, id, [
    { role: "user", content: `keep these exactly: ${maxTokens}, commit ${sha}, request ${uuid}, docs ${url}` },
    { role: "assistant", content: "kept" },
  ]);
  await append(
    t,
    id,
    toolRound(
      "write the model config",
      "terminal",
      { command: `cat <<EOF > model.yaml\n${maxTokens}\nrevision: ${sha}\nrequest: ${uuid}\ndocs: ${url}\nEOF` },
      "exit code 0",
      "done",
    ),
  );
  for (const secret of PLANTED_SECRETS) await append(t, id, plantedTurns(placement, secret));
  for (let i = 0; i < 14; i++) {
    await append(t, id, toolRound(`step ${i}`, "terminal", { command: "ls" }, filler(i, 300), "ok"));
  }
  return id;
}

function assertNoNeedle(text: string, where: string): void {
  for (const { kind, needle } of PLANTED_SECRETS) expect(text, `${kind} leaked into ${where}`).not.toContain(needle);
}

function assertIntact(text: string, where: string): void {
  for (const value of INTACT) expect(text, `${value} was not kept intact in ${where}`).toContain(value);
}

/** Every stored row that compression writes: summaries, anchors, summary messages, context overrides, engine state. */
function storedRows(t: TestApp, sessionId: string): string {
  const db = t.database.sqlite;
  return JSON.stringify([
    db.prepare("SELECT body FROM summaries WHERE session_id = ?").all(sessionId),
    db.prepare("SELECT kind, value FROM anchors WHERE session_id = ?").all(sessionId),
    db
      .prepare("SELECT content_json, search_text FROM messages WHERE session_id = ? AND kind = 'summary'")
      .all(sessionId),
    db.prepare("SELECT override_json FROM messages WHERE session_id = ? AND override_json IS NOT NULL").all(sessionId),
    db.prepare("SELECT engine_state_json FROM sessions WHERE id = ?").all(sessionId),
  ]);
}

/** What the summary model was given to read: the decoded message texts, and the request as sent on the wire. */
function sentToModel(fake: FakeModelServer): { decoded: string; wire: string } {
  const bodies = fake.completions.map((request) => request.body as { messages: Array<{ content: string }> });
  return {
    decoded: bodies.flatMap((body) => body.messages.map((message) => message.content)).join("\n"),
    wire: JSON.stringify(bodies),
  };
}

/** Every stored message of a session, page by page, as GET /messages returns them. */
async function transcriptOf(t: TestApp, sessionId: string): Promise<unknown[]> {
  const rows: unknown[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const page: { data: unknown[]; next_cursor: string | null } = await getJson(
      t,
      `/v1/sessions/${sessionId}/messages?limit=200${query}`,
    );
    rows.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return rows;
}

async function compressAndCheck(
  t: TestApp,
  log: LogSink,
  id: string,
  placement: Placement,
  expectFallback: boolean,
): Promise<void> {
  const transcript = JSON.stringify(await transcriptOf(t, id));
  // The transcript itself stays verbatim: the needles were really planted.
  for (const { needle } of PLANTED_SECRETS) expect(transcript).toContain(needle);

  const res = await t.call("POST", `/v1/sessions/${id}/compress`, {});
  expect(res.status).toBe(200);
  const out = (await res.json()) as CompressResponse;
  expect(out.compressed).toBe(true);
  expect(out.fallback_used).toBe(expectFallback);

  const summaries = JSON.stringify(await getJson(t, `/v1/sessions/${id}/summaries`));
  assertNoNeedle(summaries, "GET /summaries");
  assertNoNeedle(JSON.stringify(out), "the compress response");
  assertNoNeedle(JSON.stringify(await getJson(t, `/v1/sessions/${id}/context`)), "GET /context");
  assertNoNeedle(JSON.stringify(await getJson(t, `/v1/sessions/${id}/anchors`)), "GET /anchors");
  assertNoNeedle(storedRows(t, id), "the stored rows");
  expect(log.text).toContain("context compressed");
  assertNoNeedle(log.text, "the log");
  assertIntact(summaries, "GET /summaries");
  const trace = FALLBACK_TRACE[placement];
  if (expectFallback && trace) expect(out.summary?.body).toContain(trace);
}

const ECHOED_SECRETS = PLANTED_SECRETS.map((secret) => secret.text).join("\n");

describe("with a summary model", () => {
  let fake: FakeModelServer;
  let t: TestApp;
  const log = new LogSink();

  beforeAll(async () => {
    fake = await startFakeModel();
    t = await makeTestApp({ ...modelConfig(fake.baseUrl), logging: { level: "debug" } }, { logDestination: log });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it.each(PLACEMENTS)(
    "sends the model no secret planted in a %s, and stores none the model echoes",
    async (placement) => {
      const id = await plantedSession(t, placement);
      // The model tries to echo every secret back into the summary.
      fake.enqueue({ content: `## Goal\nKeep working.\n## Critical Context\n${ECHOED_SECRETS}\n${INTACT.join("\n")}` });
      await compressAndCheck(t, log, id, placement, false);
      expect(fake.completions).toHaveLength(1);
      const sent = sentToModel(fake);
      expect(sent.decoded).toContain(REQUEST_TRACE[placement]);
      assertNoNeedle(sent.decoded, "the summary request");
      assertNoNeedle(sent.wire, "the summary request on the wire");
      assertIntact(sent.decoded, "the summary request");
    },
  );

  it.each(PLACEMENTS)(
    "keeps a secret planted in a %s out of the fallback when the model answers 500",
    async (placement) => {
      const id = await plantedSession(t, placement);
      // The provider's error text echoes what it was sent: it ends up in the fallback's reason line.
      fake.enqueue({ status: 500, error: { message: `upstream rejected the request: ${ECHOED_SECRETS}` } });
      await compressAndCheck(t, log, id, placement, true);
      expect(fake.completions).toHaveLength(1);
      const sent = sentToModel(fake);
      expect(sent.decoded).toContain(REQUEST_TRACE[placement]);
      assertNoNeedle(sent.decoded, "the summary request");
      assertIntact(sent.decoded, "the summary request");
    },
  );
});

describe("with no model configured", () => {
  let t: TestApp;
  const log = new LogSink();

  beforeAll(async () => {
    // The endpoint provider with no name, URL or key (not the demo model): nothing to call. The window is the one the other apps get, so the same span is compacted.
    t = await makeTestApp(
      { model: { provider: "openai", context_length: 16_000 }, logging: { level: "debug" } },
      { logDestination: log },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(PLACEMENTS)("keeps a secret planted in a %s out of the deterministic summary", async (placement) => {
    const id = await plantedSession(t, placement);
    await compressAndCheck(t, log, id, placement, true);
  });
});
