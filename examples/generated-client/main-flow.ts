/**
 * @module main-flow
 * The main flow of the API through a client generated from openapi.yaml (openapi-typescript types, openapi-fetch
 * requests): create a session, run the agent on a message, read the context, compress, list summaries and
 * anchors, search the transcript, navigate the session's browser to a page that raises a dialog, read the
 * snapshot and answer the dialog (a page that raises none is asked to, with a confirm() run in it). Every request and
 * answer is typed by the document alone. A server with an API key is sent the one in CADUCEUS_API_KEY; a server with
 * no model configured answers the message with its built-in demo model.
 *
 *   CADUCEUS_API_KEY=… npx tsx examples/generated-client/main-flow.ts http://127.0.0.1:8642 https://example.com/
 */
import createClient from "openapi-fetch";
import type { paths } from "./api.js";

export type MainFlowResult = {
  sessionId: string;
  answer: string | null;
  runStatus: string;
  contextMessages: number;
  compressed: boolean;
  summaries: number;
  anchors: number;
  searchHits: number;
  pageTitle: string | null;
  dialogType: string | null;
  answeredDialog: string;
  recentDialogs: number;
};

function must<T>(step: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined)
    throw new Error(`${step} answered ${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** Runs the flow against a server; `pageUrl` is a page that raises a dialog when it loads. */
export async function runMainFlow(
  baseUrl: string,
  pageUrl: string,
  options: { apiKey?: string } = {},
): Promise<MainFlowResult> {
  // JSON answers only: the streaming variants of the same operations are typed separately.
  const client = createClient<paths, "application/json">({
    baseUrl,
    headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
  });
  const session = must(
    "createSession",
    await client.POST("/v1/sessions", { body: { title: "Generated client", system_prompt: "Be brief." } }),
  );
  const id = session.id;
  const params = { path: { id } };

  const posted = must(
    "postMessage",
    await client.POST("/v1/sessions/{id}/messages", {
      params,
      body: { content: "What does the release checklist say about src/deploy/rollout.ts?" },
    }),
  );
  const run = "run" in posted ? posted : null;
  const last = run?.messages.at(-1);
  const answer = typeof last?.content === "string" ? last.content : null;

  const context = must("getContext", await client.GET("/v1/sessions/{id}/context", { params }));
  const compression = must(
    "compressContext",
    await client.POST("/v1/sessions/{id}/compress", { params, body: { focus_topic: "the rollout" } }),
  );
  const summaries = must("listSummaries", await client.GET("/v1/sessions/{id}/summaries", { params }));
  const anchors = must("listAnchors", await client.GET("/v1/sessions/{id}/anchors", { params }));
  const hits = must(
    "searchMessages",
    await client.GET("/v1/sessions/{id}/search", { params: { ...params, query: { q: "rollout" } } }),
  );

  const navigated = must(
    "navigateBrowser",
    await client.POST("/v1/sessions/{id}/browser/navigate", { params, body: { url: pageUrl } }),
  );
  let snapshot = must("getBrowserSnapshot", await client.GET("/v1/sessions/{id}/snapshot", { params }));
  if (!navigated.dialog_opened && snapshot.pending_dialogs.length === 0) {
    // The page raised no dialog of its own: it is asked to, the way a page's script would.
    must(
      "evaluateScript",
      await client.POST("/v1/sessions/{id}/browser/evaluate", {
        params,
        body: { expression: 'setTimeout(() => confirm("Continue the main flow?"), 0); "asked"' },
      }),
    );
    for (let tries = 0; tries < 50 && snapshot.pending_dialogs.length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      snapshot = must("getBrowserSnapshot", await client.GET("/v1/sessions/{id}/snapshot", { params }));
    }
  }
  const pending = navigated.dialog_opened ?? snapshot.pending_dialogs[0];
  const answered = must(
    "respondToDialog",
    await client.POST("/v1/sessions/{id}/dialogs/respond", {
      params,
      body: { action: "accept", ...(pending ? { dialog_id: pending.id } : {}) },
    }),
  );
  const after = must("getBrowserSnapshot", await client.GET("/v1/sessions/{id}/snapshot", { params }));
  const title = must(
    "evaluateScript",
    await client.POST("/v1/sessions/{id}/browser/evaluate", { params, body: { expression: "document.title" } }),
  );

  return {
    sessionId: id,
    answer,
    runStatus: run?.run.status ?? "appended",
    contextMessages: context.messages.length,
    compressed: compression.compressed,
    summaries: summaries.data.length,
    anchors: anchors.data.length,
    searchHits: hits.data.length,
    // EvaluateResult is a union: narrowing on `ok` gives the value or the error.
    pageTitle: title.ok ? String(title.result) : null,
    dialogType: pending?.type ?? null,
    answeredDialog: answered.dialog.id,
    recentDialogs: after.recent_dialogs.length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = "http://127.0.0.1:8642", pageUrl = "https://example.com/"] = process.argv.slice(2);
  console.log(JSON.stringify(await runMainFlow(baseUrl, pageUrl, { apiKey: process.env.CADUCEUS_API_KEY }), null, 2));
}
