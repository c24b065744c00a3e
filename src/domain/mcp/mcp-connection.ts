/**
 * @module mcp-connection
 * One configured MCP server's life: started when a session first needs it (a child process spoken to over stdio, or
 * a streamable HTTP endpoint), initialized and its tools listed; listed again on `notifications/tools/list_changed`;
 * restarted after a growing delay when it dies; stopped with the server. A tool call never throws: a server that is
 * down, failed, crashes mid-call or takes longer than its `timeout_ms` answers an error result the model reads.
 *
 * States: `idle` (never needed yet), `starting` (the first start), `ready`, `restarting` (it died, or failed and is
 * tried again: the next start is waited for or under way) and `failed` (the last start failed; tried again when a
 * session next needs it, once its delay has passed). What is shown of it never holds its command, URL, environment
 * or headers: those can carry secrets.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { McpServerConfig } from "../../config/schema.js";
import { redactSecrets } from "../../kernel/redaction.js";
import { tailOf } from "../../kernel/text.js";
import type { Logger } from "../../logger.js";
import { VERSION } from "../../version.js";
import type { JsonSchema, ToolOutput } from "../shared/tools.js";
import { loadMcpSdk, type McpSdk } from "./sdk.js";
import { offeredToolNames } from "../shared/mcp-tool-names.js";
import { toolOutputOf } from "./tool-result.js";

export type McpServerState = "idle" | "starting" | "ready" | "failed" | "restarting";

/** A tool of the server as the model is offered it: its OpenAI-safe name, the server's own name, what it takes. */
export type McpTool = {
  name: string;
  original: string;
  description: string;
  parameters: JsonSchema;
  /** The server marks it read-only (`annotations.readOnlyHint`): it changes nothing outside. */
  readOnly: boolean;
};

/** What may be shown of a server: how it is reached (never where), how it stands, and its tools. */
export type McpServerStatus = {
  name: string;
  transport: McpServerConfig["transport"];
  enabled_by_default: boolean;
  state: McpServerState;
  last_error: string | null;
  restarts: number;
  tools: McpTool[];
};

/** The first restart waits this long; each failure in a row doubles it, up to the maximum. */
const RESTART_BASE_DELAY_MS = 500;
const RESTART_MAX_DELAY_MS = 30_000;
/** A server that stayed up this long before it died starts its delays again from the first. */
const STABLE_UPTIME_MS = 60_000;
/** Bounds on a listing: a server cannot make the agent page forever or offer the model thousands of tools. */
const MAX_LIST_PAGES = 20;
const MAX_TOOLS = 256;
/** How much of a stdio server's stderr is kept, and how much of it an error message quotes. */
const STDERR_KEPT_CHARS = 4_000;
const STDERR_QUOTED_CHARS = 400;
/** Configured values shorter than this are not masked in messages: masking `-y` would garble every sentence. */
const MIN_MASKED_CHARS = 4;

class StartTimeout extends Error {}

/** A promise that rejects with a StartTimeout after `ms`, unless cancelled first. */
function startDeadline(ms: number, message: string): { reached: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const reached = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StartTimeout(message)), ms);
  });
  // Only ever raced: a start that ends first leaves this rejection to nobody.
  reached.catch(() => undefined);
  return { reached, cancel: () => clearTimeout(timer) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A tool's input schema as function parameters: always an object schema, without a `$schema` some models refuse. */
function parametersOf(inputSchema: Tool["inputSchema"]): JsonSchema {
  const schema: Record<string, unknown> = { ...inputSchema };
  delete schema.$schema;
  return { ...schema, type: "object", properties: isRecord(schema.properties) ? schema.properties : {} };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export type McpConnectionDeps = { name: string; config: McpServerConfig; logger: Logger };

export class McpConnection {
  readonly name: string;
  private readonly config: McpServerConfig;
  private readonly logger: Logger;
  private state: McpServerState = "idle";
  /** The client of the ready server; null while it is down. */
  private client: Client | null = null;
  /** The client of a start under way, closed if the server shuts down meanwhile. */
  private pendingClient: Client | null = null;
  private tools: McpTool[] = [];
  /** The SDK, once the first start has loaded it. */
  private sdk: McpSdk | null = null;
  private lastError: string | null = null;
  private restarts = 0;
  /** Deaths and failed starts in a row: how long the next restart waits. */
  private failures = 0;
  private readyAt = 0;
  private retryAt = 0;
  /** The first start while it is under way. */
  private firstStart: Promise<void> | null = null;
  private relisting: Promise<void> | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private stderrTail = "";
  private closed = false;
  private readonly stateListeners = new Set<() => void>();

  constructor(deps: McpConnectionDeps) {
    this.name = deps.name;
    this.config = deps.config;
    this.logger = deps.logger;
  }

  status(): McpServerStatus {
    return {
      name: this.name,
      transport: this.config.transport,
      enabled_by_default: this.config.enabled_by_default,
      state: this.state,
      last_error: this.lastError,
      restarts: this.restarts,
      tools: [...this.tools],
    };
  }

  /** The tools to offer now: those last listed while the server is up or coming back; none while it has failed. */
  offeredTools(): McpTool[] {
    return this.state === "ready" || this.state === "restarting" ? this.tools : [];
  }

  /** A session needs the server: start it if it never ran, or try a failed one again once its delay has passed. */
  demand(): void {
    if (this.closed) return;
    if (this.state === "idle" || (this.state === "failed" && performance.now() >= this.retryAt)) this.startAttempt();
  }

  /**
   * Resolves when the tools to offer are known: the first start has ended (ready or failed) and no listing asked for
   * by `list_changed` is still under way. Later starts are not waited for: until one succeeds, the tools last listed
   * stay offered. Never rejects; bounded by the start timeout.
   */
  async settled(signal?: AbortSignal): Promise<void> {
    const pending = [this.firstStart, this.relisting].filter((p): p is Promise<void> => p !== null);
    if (pending.length === 0 || signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        signal?.removeEventListener("abort", done);
        resolve();
      };
      signal?.addEventListener("abort", done, { once: true });
      void Promise.all(pending).then(done);
    });
  }

  /** Calls one tool by the server's own name; whatever goes wrong is an error result, never a throw. */
  async call(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolOutput> {
    const timeoutMs = this.config.timeout_ms;
    const startedAt = performance.now();
    this.demand();
    if (!(await this.untilReady(timeoutMs, signal))) return this.unavailable(tool, timeoutMs);
    const client = this.client;
    if (!client) return this.unavailable(tool, timeoutMs);
    const remainingMs = Math.max(1, timeoutMs - (performance.now() - startedAt));
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: remainingMs,
        signal,
      });
      return toolOutputOf(result);
    } catch (err) {
      return { content: this.callFailure(err, client, tool, signal), is_error: true };
    }
  }

  /** Stops the server for good (the process is ended); nothing restarts it. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    const clients = [this.client, this.pendingClient].filter((c): c is Client => c !== null);
    this.client = null;
    this.pendingClient = null;
    // Waiting calls wake up and see the server is closed.
    this.setState(this.state === "failed" ? "failed" : "idle");
    await Promise.allSettled(clients.map((client) => client.close()));
  }

  private setState(state: McpServerState): void {
    this.state = state;
    for (const listener of [...this.stateListeners]) listener();
  }

  /** Whether the server is ready within `timeoutMs`: waits through a start or restart, not for a failed server. */
  private untilReady(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    const known = this.readiness();
    if (known !== null) return Promise.resolve(known);
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const finish = (ready: boolean) => {
        this.stateListeners.delete(check);
        signal?.removeEventListener("abort", onAbort);
        clearTimeout(timer);
        resolve(ready);
      };
      const check = () => {
        const ready = this.readiness();
        if (ready !== null) finish(ready);
      };
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.stateListeners.add(check);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Whether a call can go out now (true), cannot (false), or must wait for a start under way (null). */
  private readiness(): boolean | null {
    if (this.closed) return false;
    if (this.state === "ready") return this.client !== null;
    if (this.state === "failed" || this.state === "idle") return false;
    return null;
  }

  private unavailable(tool: string, timeoutMs: number): ToolOutput {
    const why =
      this.state === "failed"
        ? `it failed to start (${this.lastError ?? "no reason given"}); it is tried again later`
        : this.closed
          ? "the server is shutting down"
          : `it was not ready within ${timeoutMs} ms (state: ${this.state})`;
    return { content: `the MCP server ${this.name} cannot run ${tool}: ${why}`, is_error: true };
  }

  /** The message of a failed call; a connection that broke under it is restarted. */
  private callFailure(err: unknown, client: Client, tool: string, signal?: AbortSignal): string {
    if (signal?.aborted) return `the call to ${tool} on the MCP server ${this.name} was cancelled`;
    // A call is made on a connected client: the SDK is loaded.
    const { McpError, ErrorCode } = this.sdk!;
    if (err instanceof McpError && err.code === (ErrorCode.RequestTimeout as number))
      return (
        `the MCP server ${this.name} did not answer ${tool} within ${this.config.timeout_ms} ms ` +
        `(mcp.servers.${this.name}.timeout_ms); the call's outcome is unknown`
      );
    if (err instanceof McpError && err.code === (ErrorCode.ConnectionClosed as number))
      return (
        `the MCP server ${this.name} stopped during the call to ${tool} (it is being restarted); ` +
        `the call's outcome is unknown`
      );
    if (err instanceof McpError)
      return `the MCP server ${this.name} answered ${tool} with an error: ${this.scrub(err.message)}`;
    // Not an answer from the server: the connection itself broke (an HTTP server went away, a session expired).
    if (client === this.client) {
      this.client = null;
      void client.close().catch(() => undefined);
      this.died(`the connection broke during a call: ${errorText(err)}`);
    }
    const reason = this.scrub(errorText(err));
    return `could not reach the MCP server ${this.name} to call ${tool}: ${reason} (it is being restarted)`;
  }

  private startAttempt(): void {
    const first = this.state === "idle";
    if (!first) this.restarts += 1;
    this.setState(first ? "starting" : "restarting");
    const startedAt = performance.now();
    const attempt = this.connect().then(
      ({ client, tools }) => {
        if (this.closed) {
          void client.close().catch(() => undefined);
          return;
        }
        this.client = client;
        this.tools = tools;
        this.readyAt = performance.now();
        this.setState("ready");
        this.logger.info(
          { mcp_server: this.name, tools: tools.length, duration_ms: Math.round(performance.now() - startedAt) },
          "MCP server ready",
        );
      },
      (err: unknown) => {
        if (this.closed) return;
        this.failures += 1;
        this.tools = [];
        this.lastError = this.withStderr(
          err instanceof StartTimeout ? err.message : `it did not start: ${errorText(err)}`,
        );
        this.retryAt = performance.now() + this.restartDelayMs();
        this.setState("failed");
        this.logger.warn({ mcp_server: this.name, error: this.lastError }, "MCP server failed to start");
      },
    );
    if (first) {
      // Waited for by `settled` until it ends; once it has, there is nothing to wait for.
      this.firstStart = attempt.finally(() => {
        this.firstStart = null;
      });
    }
  }

  /** Connects, initializes and lists the tools, all within the start timeout; a failed start leaves no process. */
  private async connect(): Promise<{ client: Client; tools: McpTool[] }> {
    const timeoutMs = this.config.start_timeout_ms;
    const startedAt = performance.now();
    const remaining = () => Math.max(1, timeoutMs - (performance.now() - startedAt));
    const sdk = (this.sdk ??= await loadMcpSdk());
    const client = new sdk.Client({ name: "caduceus", version: VERSION }, { capabilities: {} });
    this.pendingClient = client;
    this.stderrTail = "";
    client.onclose = () => this.closedUnderneath(client);
    client.onerror = (err) =>
      this.logger.debug({ mcp_server: this.name, error: this.scrub(err.message) }, "MCP transport error");
    client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => this.relist(client));
    const deadline = startDeadline(
      timeoutMs,
      `it did not start within ${timeoutMs} ms (mcp.servers.${this.name}.start_timeout_ms)`,
    );
    try {
      const started = (async () => {
        await client.connect(this.transport(sdk), { timeout: remaining() });
        return this.listTools(client, remaining());
      })();
      const tools = await Promise.race([started, deadline.reached]);
      return { client, tools };
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    } finally {
      deadline.cancel();
      if (this.pendingClient === client) this.pendingClient = null;
    }
  }

  private transport(sdk: McpSdk): Transport {
    const { config } = this;
    if (config.transport === "http") {
      return new sdk.StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
    }
    const transport = new sdk.StdioClientTransport({
      command: config.command,
      args: config.args,
      env: config.env,
      cwd: config.cwd ?? undefined,
      // Read, never inherited: the server's stderr is quoted (redacted) in its errors instead of mixed into our log.
      stderr: "pipe",
    });
    transport.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = tailOf(this.stderrTail + chunk.toString("utf8"), STDERR_KEPT_CHARS);
    });
    return transport;
  }

  /** Every tool the server lists, page after page, with the names they are offered under. */
  private async listTools(client: Client, timeoutMs: number): Promise<McpTool[]> {
    const listed: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES && listed.length < MAX_TOOLS; page++) {
      const result = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
      listed.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    const tools = listed.slice(0, MAX_TOOLS);
    const names = offeredToolNames(
      this.name,
      tools.map((tool) => tool.name),
    );
    return tools.map((tool) => ({
      name: names.get(tool.name) ?? tool.name,
      original: tool.name,
      description: tool.description ?? tool.title ?? `${tool.name}, a tool of the MCP server ${this.name}`,
      parameters: parametersOf(tool.inputSchema),
      readOnly: tool.annotations?.readOnlyHint === true,
    }));
  }

  /** `list_changed`: lists again, after any listing still under way, so the last answer wins. */
  private relist(client: Client): void {
    if (client !== this.client || this.closed) return;
    const previous = this.relisting ?? Promise.resolve();
    const listing = previous
      .then(() => (client === this.client ? this.listTools(client, this.config.timeout_ms) : null))
      .then(
        (tools) => {
          if (!tools || client !== this.client) return;
          this.tools = tools;
          this.logger.info({ mcp_server: this.name, tools: tools.length }, "MCP server's tools listed again");
        },
        (err: unknown) =>
          this.logger.warn(
            { mcp_server: this.name, error: this.scrub(errorText(err)) },
            "MCP server's tools could not be listed again; the previous list stays",
          ),
      )
      .finally(() => {
        if (this.relisting === listing) this.relisting = null;
      });
    this.relisting = listing;
  }

  /** The transport closed without us closing it: the process exited, or the connection ended. */
  private closedUnderneath(client: Client): void {
    if (this.closed || client !== this.client) return;
    this.client = null;
    this.died(this.config.transport === "stdio" ? "the server process exited" : "the server closed the connection");
  }

  private died(reason: string): void {
    if (performance.now() - this.readyAt >= STABLE_UPTIME_MS) this.failures = 0;
    this.failures += 1;
    this.lastError = this.withStderr(reason);
    this.setState("restarting");
    const delayMs = this.restartDelayMs();
    this.logger.warn({ mcp_server: this.name, error: this.lastError, restart_in_ms: delayMs }, "MCP server stopped");
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.closed) this.startAttempt();
    }, delayMs);
    this.restartTimer.unref();
  }

  private restartDelayMs(): number {
    return Math.min(RESTART_BASE_DELAY_MS * 2 ** Math.max(0, this.failures - 1), RESTART_MAX_DELAY_MS);
  }

  /** A reason with the end of the server's stderr, when it wrote any, masked like every message shown. */
  private withStderr(reason: string): string {
    const stderr = tailOf(this.stderrTail.trim(), STDERR_QUOTED_CHARS);
    return this.scrub(stderr ? `${reason}; its stderr ended with: ${stderr}` : reason);
  }

  /**
   * Masks secrets in a message, and the configured command, arguments, environment values, URL and header values
   * wherever they appear (a spawn error names its command, an HTTP error its URL).
   */
  private scrub(text: string): string {
    const { config } = this;
    const literals =
      config.transport === "stdio"
        ? [
            [config.command, ...config.args].join(" "),
            config.command,
            ...config.args,
            ...Object.values(config.env),
            config.cwd ?? "",
          ]
        : [config.url, config.url.replace(/\/+$/, ""), ...Object.values(config.headers)];
    let scrubbed = text;
    for (const literal of literals.filter((l) => l.length >= MIN_MASKED_CHARS).sort((a, b) => b.length - a.length))
      scrubbed = scrubbed.split(literal).join("[configured]");
    return redactSecrets(scrubbed);
  }
}
