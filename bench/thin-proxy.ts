/**
 * @module thin-proxy
 * The baseline the agent benchmarks hold Caduceus against: the least an agent API server can do per turn and
 * still be one. A bare hono app over its own SQLite file (opened with the pragmas of src/db/database.ts) with
 * - `POST /sessions/:id/messages {content, stream?}`: one prepared insert of the user message, one prepared
 *   select of the session's rows (all of them, the history is sent whole), `chat.completions.create` of the
 *   official `openai` client, and — when the model asks for tools — the tool run, its rows, and the next call,
 *   until the model answers; then the answer's insert and a JSON (or SSE) answer;
 * - `POST /sessions/:id/append {content}`: the prepared insert alone, answered 201.
 * No validation, no events, no token counting, no context management: what is left is what any server pays.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";

/** A tool the proxy offers the model and runs in-process when asked. */
export type ProxyTool = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  execute(args: Record<string, unknown>): Promise<{ content: string }>;
};

/** A row of history as both systems are seeded with it. */
export type HistoryMessage = { role: "system" | "user" | "assistant"; content: string };

export type ThinProxyOptions = {
  /** Folder for the proxy's SQLite file. */
  dir: string;
  modelBaseUrl: string;
  modelName: string;
  apiKey: string;
  tools: ProxyTool[];
  /** Model calls per turn at most, as Caduceus's agent.max_iterations. */
  maxIterations: number;
};

export type ThinProxy = {
  /** The app's handler; the caller serves it on loopback the way it serves Caduceus. */
  fetch: (request: Request) => Response | Promise<Response>;
  /** Writes the rows straight into the session, in one transaction. */
  seed(sessionId: string, messages: HistoryMessage[]): void;
  close(): void;
};

type Row = { role: string; content: string | null; tool_calls: string | null; tool_call_id: string | null };

/** Same rationale as src/db/database.ts: a committed transaction survives a process crash. */
const PRAGMAS = ["journal_mode = WAL", "synchronous = NORMAL", "busy_timeout = 5000", "foreign_keys = ON"];

export function createThinProxy(options: ThinProxyOptions): ThinProxy {
  const sqlite = new Database(join(options.dir, "thin-proxy.db"));
  for (const pragma of PRAGMAS) sqlite.pragma(pragma);
  sqlite.exec(`
    create table if not exists messages (
      id integer primary key,
      session_id text not null,
      role text not null,
      content text,
      tool_calls text,
      tool_call_id text,
      created_at integer not null
    );
    create index if not exists messages_by_session on messages (session_id, id);
  `);
  const insert = sqlite.prepare(
    "insert into messages (session_id, role, content, tool_calls, tool_call_id, created_at) values (?, ?, ?, ?, ?, ?)",
  );
  const history = sqlite.prepare(
    "select role, content, tool_calls, tool_call_id from messages where session_id = ? order by id",
  );
  const client = new OpenAI({ baseURL: options.modelBaseUrl, apiKey: options.apiKey, maxRetries: 0 });
  const tools: ChatCompletionTool[] = options.tools.map((tool) => ({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
  const toolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));

  const messagesOf = (sessionId: string): ChatCompletionMessageParam[] =>
    (history.all(sessionId) as Row[]).map((row): ChatCompletionMessageParam => {
      if (row.role === "tool") return { role: "tool", content: row.content ?? "", tool_call_id: row.tool_call_id! };
      if (row.role === "assistant")
        return row.tool_calls
          ? { role: "assistant", content: row.content, tool_calls: JSON.parse(row.tool_calls) }
          : { role: "assistant", content: row.content };
      return { role: row.role as "system" | "user", content: row.content ?? "" };
    });

  /** Runs each asked-for tool and stores the call and its results, so the next call sends them. */
  async function answerToolCalls(
    sessionId: string,
    content: string | null,
    calls: Array<{ id: string; function: { name: string; arguments: string } }>,
  ): Promise<void> {
    insert.run(sessionId, "assistant", content, JSON.stringify(calls), null, Date.now());
    for (const call of calls) {
      const tool = toolsByName.get(call.function.name);
      const output = tool
        ? await tool.execute(JSON.parse(call.function.arguments || "{}") as Record<string, unknown>)
        : { content: `unknown tool ${call.function.name}` };
      insert.run(sessionId, "tool", output.content, null, call.id, Date.now());
    }
  }

  const app = new Hono();
  app.post("/sessions/:id/append", async (c) => {
    const body = await c.req.json<{ content: string }>();
    const result = insert.run(c.req.param("id"), "user", body.content, null, null, Date.now());
    return c.json({ id: Number(result.lastInsertRowid) }, 201);
  });
  app.post("/sessions/:id/messages", async (c) => {
    const sessionId = c.req.param("id");
    const body = await c.req.json<{ content: string; stream?: boolean }>();
    insert.run(sessionId, "user", body.content, null, null, Date.now());

    if (body.stream) {
      return streamSSE(c, async (sse) => {
        for (let iteration = 0; iteration < options.maxIterations; iteration++) {
          const stream = await client.chat.completions.create({
            model: options.modelName,
            messages: messagesOf(sessionId),
            tools,
            stream: true,
          });
          let content = "";
          const calls: Array<{ id: string; type: "function"; function: { name: string; arguments: string } }> = [];
          for await (const chunk of stream) {
            const delta = chunk.choices[0]?.delta;
            if (delta?.content) {
              content += delta.content;
              await sse.writeSSE({ data: JSON.stringify({ content: delta.content }) });
            }
            for (const part of delta?.tool_calls ?? []) {
              const call = (calls[part.index] ??= { id: "", type: "function", function: { name: "", arguments: "" } });
              if (part.id) call.id = part.id;
              if (part.function?.name) call.function.name += part.function.name;
              if (part.function?.arguments) call.function.arguments += part.function.arguments;
            }
          }
          if (calls.length === 0) {
            insert.run(sessionId, "assistant", content, null, null, Date.now());
            await sse.writeSSE({ event: "done", data: JSON.stringify({ content }) });
            return;
          }
          await answerToolCalls(sessionId, content || null, calls);
        }
        await sse.writeSSE({ event: "error", data: JSON.stringify({ error: "too many iterations" }) });
      });
    }

    for (let iteration = 0; iteration < options.maxIterations; iteration++) {
      const completion = await client.chat.completions.create({
        model: options.modelName,
        messages: messagesOf(sessionId),
        tools,
      });
      const message = completion.choices[0].message;
      const calls = (message.tool_calls ?? []).filter((call) => call.type === "function");
      if (calls.length === 0) {
        const result = insert.run(sessionId, "assistant", message.content, null, null, Date.now());
        return c.json({ id: Number(result.lastInsertRowid), content: message.content, iterations: iteration + 1 });
      }
      await answerToolCalls(sessionId, message.content, calls);
    }
    return c.json({ error: "too many iterations" }, 500);
  });

  return {
    fetch: app.fetch,
    seed: (sessionId, messages) =>
      sqlite.transaction(() => {
        for (const m of messages) insert.run(sessionId, m.role, m.content, null, null, Date.now());
      })(),
    close: () => sqlite.close(),
  };
}
