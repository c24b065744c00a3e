import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { startFakeModel } from "../fixtures/fake-model.js";

const run = (args: string[]) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/eval-probes.ts", ...args], {
    cwd: new URL("../..", import.meta.url),
    env: { PATH: process.env.PATH ?? "" },
    timeout: 120_000,
  });

type Line = {
  probe?: string;
  probes?: string;
  correct?: boolean | number;
  total?: number;
  expected?: string;
  compressions?: number;
};

describe("npm run eval:probes", () => {
  it("is skipped, not faked, without a model to probe", async () => {
    const { stdout } = await run([]);
    expect(JSON.parse(stdout.trim())).toMatchObject({ probes: "skipped" });
  });

  it("runs against any OpenAI-compatible server and scores the answers by exact match", async () => {
    const fake = await startFakeModel();
    try {
      // A model that knows nothing: every probe must score as missed, and the compressions must have happened.
      fake.respondWith(() => ({ content: "I do not know." }));
      const { stdout } = await run([
        "--base-url",
        fake.baseUrl,
        "--model",
        "fake-model",
        "--tokens",
        "60000",
        "--probes",
        "8",
      ]);
      const lines = stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Line);
      const answers = lines.filter((line) => line.probe);
      expect(answers.length).toBeGreaterThanOrEqual(7);
      expect(answers.every((line) => line.correct === false && typeof line.expected === "string")).toBe(true);
      const totals = lines.filter((line) => line.probes);
      expect(totals.map((line) => line.probes).sort()).toEqual(["artifact", "continuation", "decision", "recall"]);
      expect(totals.reduce((sum, line) => sum + (line.total ?? 0), 0)).toBe(answers.length);
      expect(totals[0].compressions).toBeGreaterThanOrEqual(1);
      // It asked the model: the probes' questions reached the server.
      const asked = JSON.stringify(fake.completions.map((c) => c.body.messages.at(-1)));
      expect(asked).toContain("Answer with the exact value only.");
    } finally {
      await fake.close();
    }
  }, 150_000);
});
