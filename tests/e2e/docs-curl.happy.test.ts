/**
 * Every curl of the documentation, run as written. Each ```sh block of README.md and docs/*.md that calls curl runs
 * with bash (`set -eu`), a page's blocks in page order in one shell, against a server process of the page's own
 * (the built dist/main.js) with the model the page needs: the built-in demo model, or the fake model scripted to do
 * what a real model does with the page's asks. A block must run to its end, and each call must get an HTTP answer
 * that is not an error unless the comment ending its line names that error (`# 409 run_not_active …`), in which
 * case it must get that error.
 *
 * What differs from a reader's machine, explicitly:
 * - the docs' address `http://127.0.0.1:8642` is the page's server (rewritten in the block's text, and `$B`);
 * - `$J` (the JSON header of the walk-through) is set, and `$S` where a page says it works on a session it does
 *   not make (a long conversation for compression, a plain session for MCP);
 * - the browser reaches https://example.com and https://www.iana.org on a local HTTPS server (public-sites.ts);
 * - the multi-replica page's fixed ports and cluster folder are moved to free ones.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../fixtures/free-port.js";
import { append, filler, toolRound } from "../fixtures/context-transcript.js";
import { curlBlocks, type ShellBlock } from "../fixtures/doc-shell.js";
import { pageProblems, runPageBlocks } from "../fixtures/doc-runner.js";
import { startFakeModel, type FakeModelServer, type FakeToolCall, type Responder } from "../fixtures/fake-model.js";
import { fixtureServerConfig } from "../fixtures/mcp-server.js";
import { storesUnderTest } from "../fixtures/postgres.js";
import { startPublicSites, type PublicSites } from "../fixtures/public-sites.js";
import { startServerProcess, type ServerProcess } from "../fixtures/server-process.js";
import { createSessionId } from "../fixtures/sessions-api.js";
import { tempDir } from "../fixtures/test-app.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where the docs say the server listens. */
const DOCS_ADDRESS = "http://127.0.0.1:8642";
/** The longest a page's shell may take; pages run side by side on a machine shared with other work. */
const PAGE_TIMEOUT_MS = 45_000;
/** The whole test of a page: waiting for its turn, its servers' start and stop around the shell. */
const TEST_TIMEOUT_MS = 120_000;
/**
 * Pages run side by side, this many at a time: each has a server and often a Chromium, and the suite's other worker
 * shares the machine's two cores with them.
 */
const PAGES_AT_ONCE = 4;
/** How long a held model turn waits for the call the docs make while the run works. */
const HOLD_TIMEOUT_MS = 10_000;

/** An ask a page's run makes, and what the fake model does with it: tool calls one per turn, then the answer. */
type ScriptedAsk = {
  ask: RegExp;
  calls?: (match: RegExpMatchArray) => FakeToolCall[];
  answer: string;
  /** The first turn waits until the server's request log shows this: a call the docs make while the run works. */
  holdUntil?: RegExp;
};

type PageSetup = {
  /** What answers the page's runs: the built-in demo model, the scripted fake model, or no server of ours at all. */
  model: "demo" | "fake" | "none";
  asks?: ScriptedAsk[];
  /** The server's own YAML configuration, beside the environment. */
  config?: Record<string, unknown>;
  /** Variables the page uses without making them, made on the page's server. */
  vars?: (server: ServerProcess) => Promise<Record<string, string>>;
  /** The page starts servers of its own on fixed addresses: those moved to free ones (exact text replacements). */
  rewrites?: () => Promise<Array<[string, string]>>;
  /** Run from the checkout (the page calls scripts/ and dist/ by relative path), else from a folder of its own. */
  inCheckout?: boolean;
  /** Left out, saying so, where the suite runs without PostgreSQL (CADUCEUS_TEST_STORES=sqlite). */
  needs?: "postgres";
  /** Undoes what the page leaves behind when it stops early. */
  cleanUp?: (rewrites: Array<[string, string]>) => void;
};

/** The server key of a page that shows keys at work (docs/keys.md), as its reader's shell has it. */
const DOCS_SERVER_KEY = "docs-server-key-4f9c2a7e1b";

/** Every page with curl blocks, the longest first (they start in this order, PAGES_AT_ONCE at a time). */
const PAGES: Record<string, PageSetup> = {
  "docs/api.md": {
    model: "fake",
    asks: [
      { ask: /^What is 2\+3\?$/, answer: "5" },
      { ask: /^And times 4\?$/, answer: "20" },
      {
        ask: /^Take a screenshot of (\S+)$/,
        calls: (m) => [
          { name: "browser_navigate", arguments: { url: m[1] } },
          { name: "browser_screenshot", arguments: {} },
        ],
        answer: "Here it is: the Example Domain page.",
      },
      { ask: /^hello$/, answer: "Hello." },
    ],
  },
  "docs/runs-and-interrupts.md": {
    model: "fake",
    asks: [
      {
        ask: /^Open (example\.com\S*)$/,
        calls: (m) => [{ name: "browser_navigate", arguments: { url: `https://${m[1]}` } }],
        answer: "The page is open: Example Domain.",
      },
      {
        ask: /^Find the release notes here\.$/,
        holdUntil: /"path":"\/v1\/runs\/run_\w+\/steer","status":200/,
        calls: () => [{ name: "session_search", arguments: { query: "release notes" } }],
        answer: "The release notes are not in this conversation.",
      },
      { ask: /^Only the breaking changes\.$/, answer: "No breaking changes are mentioned." },
      { ask: /^Summarise the release notes$/, answer: "Version 2 adds runs as resources." },
      {
        ask: /^Weather in Oslo\?$/,
        calls: () => [{ name: "get_weather", arguments: { city: "Oslo" } }],
        answer: "8 °C and rain in Oslo.",
      },
    ],
  },
  "docs/hermes-clients.md": { model: "demo" },
  "docs/observability.md": { model: "demo" },
  "docs/keys.md": {
    model: "demo",
    config: { server: { api_key: DOCS_SERVER_KEY } },
    vars: () => Promise.resolve({ CADUCEUS_API_KEY: DOCS_SERVER_KEY }),
  },
  "docs/jobs.md": { model: "demo" },
  "README.md": { model: "demo" },
  "docs/browser.md": { model: "demo" },
  "docs/scale-out.md": {
    model: "none",
    inCheckout: true,
    needs: "postgres",
    rewrites: async () => {
      const [cluster, a, b] = await distinctFreePorts(3);
      return [
        // Under /tmp itself: the cluster's folder must be one the postgres user can enter.
        ["/tmp/caduceus-pg", `/tmp/caduceus-pg-docs-${process.pid}-${Date.now()}`],
        ["54329", String(cluster)],
        ["8701", String(a)],
        ["8702", String(b)],
      ];
    },
    // Stops the cluster if the page stopped before it did (nothing to do once its folder is gone).
    cleanUp: (rewrites) => {
      const cluster = rewrites.find(([from]) => from === "/tmp/caduceus-pg")![1];
      spawnSync(join(ROOT, "scripts/pg-cluster.sh"), ["stop", cluster], { stdio: "ignore" });
    },
  },
  "docs/compression.md": { model: "demo", vars: async (server) => ({ S: await longConversation(server) }) },
  "docs/memory.md": { model: "demo" },
  "docs/mcp.md": {
    model: "demo",
    config: { mcp: { servers: { github: fixtureServerConfig() } } },
    vars: async (server) => ({ S: await createSessionId(server) }),
  },
};

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** A session after a long conversation: tool rounds with big outputs, an error, a path, a failing migration. */
async function longConversation(server: ServerProcess): Promise<string> {
  const id = await createSessionId(server, { title: "release 2.4" });
  await append(server, id, [{ role: "user", content: "The migration 0042 fails on staging; find out why." }]);
  for (let round = 0; round < 6; round++) {
    const output =
      round === 3
        ? "npm run migrate\nError: ENOSPC: no space left on device, write\nexit code 1"
        : `src/app.ts line ${round * 10}: ${filler(round, 2_500)}`;
    await append(
      server,
      id,
      toolRound(`look at step ${round}`, "terminal", { command: "npm run migrate" }, output, "ok"),
    );
  }
  const dryRun = await server.call("POST", `/v1/sessions/${id}/compress`, { dry_run: true });
  const body = (await dryRun.json()) as { messages_compacted?: number };
  if (!body.messages_compacted) throw new Error(`the conversation is too short to compress: ${JSON.stringify(body)}`);
  return id;
}

/** A fake model that acts on a page's asks; asks it has no script for are listed in `unscripted`. */
function scriptedModel(fake: FakeModelServer, asks: ScriptedAsk[], server: () => ServerProcess, unscripted: string[]) {
  const responder: Responder = async (request) => {
    const messages = request.body.messages;
    const lastUser = messages.map((m) => m.role).lastIndexOf("user");
    const content = messages[lastUser]?.content;
    const text = typeof content === "string" ? content : (content ?? []).map((part) => part.text ?? "").join("");
    const script = asks.map((a) => ({ a, match: text.match(a.ask) })).find((entry) => entry.match);
    if (!script) {
      unscripted.push(text);
      return { content: "(no script for this ask)" };
    }
    const turns = messages.slice(lastUser + 1).filter((m) => m.role === "assistant" && m.tool_calls?.length).length;
    if (turns === 0 && script.a.holdUntil) {
      if (!(await logShows(server(), script.a.holdUntil, HOLD_TIMEOUT_MS))) unscripted.push(`${text} (never released)`);
    }
    const call = script.a.calls?.(script.match!)[turns];
    return call ? { tool_calls: [call] } : { content: script.a.answer };
  };
  fake.respondWith(responder);
}

/** Resolves true once the server's output matches `pattern`, false after `timeoutMs`. */
function logShows(server: ServerProcess, pattern: RegExp, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const stdout = server.child.stdout!;
    const finish = (found: boolean) => {
      clearTimeout(timer);
      stdout.off("data", check);
      resolve(found);
    };
    const check = () => {
      if (pattern.test(server.output())) finish(true);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    stdout.on("data", check);
    check();
  });
}

/** Runs each task once fewer than `limit` tasks given to the same gate are running. */
function gate(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

function pagesWithCurl(): Map<string, ShellBlock[]> {
  const files = ["README.md", ...readdirSync(join(ROOT, "docs")).map((name) => `docs/${name}`)].filter((file) =>
    file.endsWith(".md"),
  );
  const pages = new Map<string, ShellBlock[]>();
  for (const file of files) {
    const blocks = curlBlocks(file, readFileSync(join(ROOT, file), "utf8"));
    if (blocks.length) pages.set(file, blocks);
  }
  return pages;
}

/** What a page's run came to: the shell's problems, and the asks the fake model had no script for. */
type PageOutcome = { problems: string[]; unscripted: string[] };

/** Starts the page's servers, runs its blocks, stops the servers. */
async function runPage(blocks: ShellBlock[], setup: PageSetup, sites: PublicSites, dir: string): Promise<PageOutcome> {
  const unscripted: string[] = [];
  let fake: FakeModelServer | null = null;
  let server: ServerProcess | null = null;
  const rewrites = setup.rewrites ? await setup.rewrites() : [];
  try {
    const env: Record<string, string> = { J: "Content-Type: application/json", LANG: "C.UTF-8" };
    if (setup.model !== "none") {
      const serverEnv: Record<string, string> = {
        CADUCEUS_DB: join(dir, "caduceus.db"),
        CADUCEUS_BROWSER_EXECUTABLE: sites.chromium,
      };
      if (setup.model === "demo") serverEnv.CADUCEUS_MODEL_PROVIDER = "demo";
      else {
        fake = await startFakeModel();
        scriptedModel(fake, setup.asks ?? [], () => server!, unscripted);
        Object.assign(serverEnv, {
          OPENAI_BASE_URL: fake.baseUrl,
          OPENAI_API_KEY: "test-key",
          CADUCEUS_MODEL: "fake-model",
        });
      }
      if (setup.config) {
        writeFileSync(join(dir, "caduceus.yaml"), stringify(setup.config));
        serverEnv.CADUCEUS_CONFIG = join(dir, "caduceus.yaml");
      }
      server = await startServerProcess(serverEnv);
      rewrites.push([DOCS_ADDRESS, server.baseUrl]);
      Object.assign(env, { B: server.baseUrl }, setup.vars ? await setup.vars(server) : {});
    }
    const cwd = setup.inCheckout ? ROOT : dir;
    const result = await runPageBlocks(blocks, { dir, cwd, env, rewrites, timeoutMs: PAGE_TIMEOUT_MS });
    return { problems: pageProblems(result), unscripted };
  } finally {
    await server?.stop();
    await fake?.close();
    setup.cleanUp?.(rewrites);
  }
}

describe.concurrent("the documentation's curl examples, run as written", () => {
  const pages = pagesWithCurl();
  let sites: PublicSites;
  const dirs: string[] = [];
  const inTurn = gate(PAGES_AT_ONCE);

  beforeAll(async () => {
    sites = await startPublicSites();
  });
  afterAll(async () => {
    await sites?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("has a setup for every page with curl blocks, and no setup for a page without", () => {
    expect([...pages.keys()].sort()).toEqual(Object.keys(PAGES).sort());
  });

  for (const [page, setup] of Object.entries(PAGES)) {
    const skip = setup.needs === "postgres" && !storesUnderTest().includes("postgres");
    it.skipIf(skip)(
      `runs every curl of ${page}`,
      async ({ expect }) => {
        const blocks = pages.get(page) ?? [];
        expect(blocks.length, `${page} has no curl block`).toBeGreaterThan(0);
        const dir = tempDir("caduceus-docs-curl-");
        dirs.push(dir);
        const { problems, unscripted } = await inTurn(() => runPage(blocks, setup, sites, dir));
        expect(problems).toEqual([]);
        expect(unscripted, "asks the fake model has no script for").toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  }
});
