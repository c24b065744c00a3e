/**
 * @module tool-registry
 * The tools a session's run may call, gathered from every provider, sent to the model in the OpenAI `tools` shape
 * and run by name; whatever goes wrong in a call comes back to the model as an error result.
 */
import type { ToolCallContext, ToolDefinition, ToolOutput, ToolProvider } from "../shared/tools.js";
import type { SessionRecord } from "../../db/records.js";
import type { ToolCall } from "../../kernel/chat.js";

/** A tool schema in the OpenAI chat `tools` shape. */
export type ToolSchema = {
  type: "function";
  function: { name: string; description: string; parameters: ToolDefinition["parameters"] };
};

/** Gathers a session's tools again once every provider is ready to say which it offers. */
type ToolsReload = (signal?: AbortSignal) => Promise<ToolDefinition[]>;

/** The tools one session offers the model during a run, looked up by name. */
export class SessionTools {
  private readonly byName = new Map<string, ToolDefinition>();

  constructor(
    definitions: ToolDefinition[],
    private readonly reload: ToolsReload | null = null,
  ) {
    this.take(definitions);
  }

  /**
   * Gathers the tools again, after the providers that need to (MCP servers starting or listing anew) are ready: a run
   * does it before each model call, so the model is offered what exists now and its calls run what it was offered.
   */
  async refresh(signal?: AbortSignal): Promise<void> {
    if (this.reload) this.take(await this.reload(signal));
  }

  private take(definitions: ToolDefinition[]): void {
    this.byName.clear();
    // The first provider to claim a name keeps it, so a plugin cannot shadow a built-in tool.
    for (const definition of definitions)
      if (!this.byName.has(definition.name)) this.byName.set(definition.name, definition);
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  /** The tool offered under `name`, if any. */
  definition(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }

  schemas(): ToolSchema[] {
    return [...this.byName.values()].map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }

  /**
   * Runs one call. Every failure — unknown tool, arguments that are not a JSON object, a tool that
   * throws — becomes an error result the model can read and react to; the run goes on.
   */
  async execute(call: ToolCall, context: ToolCallContext): Promise<ToolOutput> {
    const tool = this.byName.get(call.function.name);
    if (!tool) {
      const available = this.names.length ? this.names.join(", ") : "none";
      return { content: `Error: unknown tool "${call.function.name}". Available tools: ${available}.`, is_error: true };
    }
    const args = parseArguments(call.function.arguments);
    if (!args.ok) {
      return {
        content: `Error: the arguments of ${tool.name} are not a valid JSON object (${args.reason}). Call it again with valid JSON.`,
        is_error: true,
      };
    }
    try {
      const output = await tool.execute(args.value, context);
      if (output.is_error && !/^error\b/i.test(output.content))
        return { ...output, content: `Error: ${output.content || "the tool failed without saying why"}` };
      // An empty result reads to a model as if the call never ran: it is told so in words.
      if (output.content.trim() === "" && !output.images?.length)
        return { ...output, content: `(${tool.name} returned no content)` };
      return output;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { content: `Error: ${tool.name} failed: ${message}`, is_error: true };
    }
  }
}

function parseArguments(raw: string): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  if (raw.trim() === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, reason: "expected an object" };
  return { ok: true, value: value as Record<string, unknown> };
}

/** Collects the tools of every registered provider (browser, context engine, …) for a session. */
export class ToolRegistry {
  /** `providers` is read on every lookup: a provider added before start-up (a plugin, a test) is seen. */
  constructor(private readonly providers: readonly ToolProvider[]) {}

  async forSession(session: SessionRecord): Promise<SessionTools> {
    const gather = async () =>
      (await Promise.all(this.providers.map(async (provider) => provider.toolsFor(session)))).flat();
    return new SessionTools(await gather(), async (signal) => {
      await Promise.all(
        this.providers.flatMap((provider) => (provider.prepare ? [provider.prepare(session, signal)] : [])),
      );
      return gather();
    });
  }
}
