/**
 * @module eval-probes
 * Probes a real model's answers from a compressed context: `npm run eval:probes -- --base-url URL --model NAME
 * [--api-key KEY] [--tokens N] [--probes N]`. It builds the seeded sessions of bench/session-generator.ts in a
 * Caduceus over a temporary SQLite file, with that model as the agent and as the summary model, compresses them every
 * ~50K tokens as the loop would, then asks questions whose answers were planted in the compacted turns — each from a
 * fork of the compressed session, so one probe never sees another — and scores each answer by exact match on the
 * planted value:
 * - recall: "which <kind> did step N mention?" (every anchor kind);
 * - artifact trail: "which file did step N touch?";
 * - decisions: the user's constraints ("which module must never be touched on Fridays, per constraint K?");
 * - continuation: "what is the number of the last step done?".
 * Without --base-url it prints that it was skipped and exits 0: it never answers for a model it does not have.
 */
import { parseArgs } from "node:util";
import { startInProcess } from "../bench/in-process.js";
import { planSession, type Planted } from "../bench/session-generator.js";

const COMPRESS_EVERY_TOKENS = 50_000;

const { values } = parseArgs({
  options: {
    "base-url": { type: "string" },
    model: { type: "string" },
    "api-key": { type: "string" },
    "context-length": { type: "string", default: "200000" },
    tokens: { type: "string", default: "150000" },
    probes: { type: "string", default: "24" },
    seed: { type: "string", default: "7" },
  },
});

type Probe = { category: "recall" | "artifact" | "decision" | "continuation"; question: string; answer: string };

const KIND_NAMES: Record<string, string> = {
  path: "file path",
  commit: "commit SHA",
  error: "TypeScript error line",
  url: "CI build URL",
  pr: "pull request number",
  branch: "branch name",
  config_key: "config key",
  id: "ticket id",
  handle: "@handle",
};

function probesOf(planted: Planted[], constraints: string[], lastStep: number, count: number): Probe[] {
  const probes: Probe[] = [];
  const recall = planted.filter((p) => p.kind !== "path");
  const paths = planted.filter((p) => p.kind === "path");
  const perCategory = Math.max(1, Math.floor(count / 4));
  for (let i = 0; i < perCategory && i < recall.length; i++) {
    const p = recall[Math.floor((i * recall.length) / perCategory)];
    probes.push({
      category: "recall",
      question: `Which ${KIND_NAMES[p.kind] ?? p.kind} came up in step ${p.round}? Answer with the exact value only.`,
      answer: p.value,
    });
  }
  for (let i = 0; i < perCategory && i < paths.length; i++) {
    const p = paths[Math.floor((i * paths.length) / perCategory)];
    probes.push({
      category: "artifact",
      question: `Which file did step ${p.round} touch? Answer with the exact path only.`,
      answer: p.value,
    });
  }
  for (let i = 0; i < perCategory && i < constraints.length; i++) {
    const k = Math.floor((i * constraints.length) / perCategory);
    probes.push({
      category: "decision",
      question: `Which module number must never be touched on Fridays according to constraint ${k}? Answer with the number only.`,
      answer: String(k * 7),
    });
  }
  probes.push({
    category: "continuation",
    question: "What is the number of the last step that was done? Answer with the number only.",
    answer: String(lastStep),
  });
  return probes;
}

async function main(): Promise<void> {
  const baseUrl = values["base-url"];
  if (!baseUrl) {
    console.log(JSON.stringify({ probes: "skipped", reason: "no --base-url: there is no model to probe" }));
    return;
  }
  const model = values.model ?? "gpt-4o-mini";
  const { app, call, close } = await startInProcess({
    name: "probes",
    model: {
      name: model,
      base_url: baseUrl,
      api_key: values["api-key"] ?? process.env.OPENAI_API_KEY ?? "none",
      context_length: Number(values["context-length"]),
    },
    overrides: { agent: { max_iterations: 4 } },
  });
  try {
    const { rounds, planted, constraints, roundAt } = planSession(Number(values.tokens), Number(values.seed), 90);
    const session = await call("POST", "/v1/sessions", {
      system_prompt: "You are a coding agent. Answer questions about this session from its context and your tools.",
      config: { compression: { enabled: false } },
    });
    const id = session.id as string;
    let since = 0;
    let compressions = 0;
    for (let i = 0; i < rounds; i++) {
      const { rows } = roundAt(i);
      const stored = await app.services.transcript.append(id, rows as never, { model });
      since += stored.reduce((sum, row) => sum + row.tokens, 0);
      if (since >= COMPRESS_EVERY_TOKENS || i === rounds - 1) {
        since = 0;
        if ((await call("POST", `/v1/sessions/${id}/compress`, {})).compressed) compressions += 1;
      }
    }
    const probes = probesOf(planted, constraints, rounds - 1, Number(values.probes));
    const scores = new Map<string, { correct: number; total: number }>();
    for (const [n, probe] of probes.entries()) {
      const fork = (await call("POST", `/api/sessions/${id}/fork`, { id: `${id}-probe-${n}` })) as {
        session?: { id: string };
      };
      const forkId = fork.session?.id ?? id;
      const answer = (await call("POST", `/api/sessions/${forkId}/chat`, { message: probe.question })) as {
        message?: { content?: string };
      };
      const text = answer.message?.content ?? "";
      const correct = text.includes(probe.answer);
      const score = scores.get(probe.category) ?? { correct: 0, total: 0 };
      score.total += 1;
      if (correct) score.correct += 1;
      scores.set(probe.category, score);
      console.log(
        JSON.stringify({
          probe: probe.category,
          question: probe.question,
          expected: probe.answer,
          answer: text.slice(0, 200),
          correct,
        }),
      );
    }
    for (const [category, { correct, total }] of scores) {
      console.log(
        JSON.stringify({ probes: category, correct, total, share: total ? correct / total : 0, model, compressions }),
      );
    }
  } finally {
    await close();
  }
}

await main();
