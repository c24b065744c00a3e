import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModelServer } from "../fixtures/fake-model.js";
import { json as body, type CompressResponse, type GetContextResponse } from "../fixtures/responses.js";
import { startServerProcess } from "../fixtures/server-process.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { tempDir as makeTempDir } from "../fixtures/test-app.js";

let fake: FakeModelServer;
const dirs: string[] = [];
const tempDir = () => {
  const dir = makeTempDir();
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  fake = await startFakeModel();
});
afterAll(async () => {
  await fake.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function seed(baseUrl: string, sessionId: string, from: number, to: number) {
  for (let i = from; i < to; i++) {
    const callId = `call_e2e_${i}`;
    for (const message of [
      { role: "user", content: `round ${i}: check src/e2e${i}.ts` },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: callId,
            type: "function",
            function: { name: "read_file", arguments: JSON.stringify({ path: `src/e2e${i}.ts` }) },
          },
        ],
      },
      {
        role: "tool",
        tool_call_id: callId,
        content: `export const e2e${i} = ${i};\n${"// filler line of the file under review\n".repeat(60)}`,
      },
      { role: "assistant", content: `file ${i} looks fine` },
    ]) {
      const res = await fetch(`${baseUrl}/v1/sessions/${sessionId}/messages`, json({ ...message, run: false }));
      if (res.status !== 201) throw new Error(`append failed: ${res.status} ${await res.text()}`);
    }
  }
}

describe("context engine in the real server process", () => {
  it("builds the next summary from the persisted one after a restart", async () => {
    const dir = tempDir();
    const env = {
      CADUCEUS_DB: join(dir, "db.sqlite"),
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: "e2e",
      CADUCEUS_MODEL: "fake-model",
      CADUCEUS_CONTEXT_LENGTH: "16000",
    };
    let server = await startServerProcess(env);
    let sessionId: string;
    try {
      sessionId = await createSessionId(server, { title: "e2e" });
      await seed(server.baseUrl, sessionId, 0, 14);
      fake.enqueue({ content: "## Goal\nPERSISTED-SUMMARY-V1" });
      const first = await body<CompressResponse>(
        await fetch(`${server.baseUrl}/v1/sessions/${sessionId}/compress`, json({})),
      );
      expect(first.compressed).toBe(true);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    server = await startServerProcess(env);
    try {
      await seed(server.baseUrl, sessionId, 14, 28);
      fake.enqueue({ content: "## Goal\nPERSISTED-SUMMARY-V2" });
      const second = await body<CompressResponse>(
        await fetch(`${server.baseUrl}/v1/sessions/${sessionId}/compress`, json({})),
      );
      expect(second.summary!.version).toBe(2);
      const request = fake.completions[fake.completions.length - 1].body;
      expect(JSON.stringify(request.messages)).toContain("PERSISTED-SUMMARY-V1");
      const context = await body<GetContextResponse>(await fetch(`${server.baseUrl}/v1/sessions/${sessionId}/context`));
      expect(JSON.stringify(context.messages)).toContain("PERSISTED-SUMMARY-V2");
    } finally {
      await server.stop();
    }
  });

  it("loads a plugin engine from context.plugins_dir named in the config file", async () => {
    const dir = tempDir();
    const plugins = join(dir, "plugins");
    mkdirSync(plugins, { recursive: true });
    cpSync(
      join(process.cwd(), "examples", "context-engine-observation-masking"),
      join(plugins, "observation-masking"),
      { recursive: true },
    );
    const configPath = join(dir, "caduceus.yaml");
    writeFileSync(configPath, `context:\n  engine: observation-masking\n  plugins_dir: ${plugins}\n`);
    const server = await startServerProcess({ CADUCEUS_DB: join(dir, "db.sqlite") }, ["--config", configPath]);
    try {
      const sessionId = await createSessionId(server);
      await seed(server.baseUrl, sessionId, 0, 6);
      const out = await body<CompressResponse>(
        await fetch(`${server.baseUrl}/v1/sessions/${sessionId}/compress`, json({})),
      );
      expect(out).toMatchObject({ compressed: true, messages_compacted: 0, summary: null });
      const context = await body<GetContextResponse>(await fetch(`${server.baseUrl}/v1/sessions/${sessionId}/context`));
      expect(context.engine).toBe("observation-masking");
      expect(JSON.stringify(context.messages)).toContain("[observation masked: read_file output of seq 3");
    } finally {
      await server.stop();
    }
  });
});
