import { describe, expect } from "vitest";
import type { TestApp } from "../fixtures/test-app.js";
import { append, createSession, filler, getJson, toolRound } from "../fixtures/context-transcript.js";
import {
  json,
  type CompressResponse,
  type GetContextResponse,
  type ListAnchorsResponse,
  type ListMessagesResponse,
  type ListSummariesResponse,
} from "../fixtures/responses.js";
import { PLANTED_SECRETS } from "../fixtures/secrets.js";
import { withApp } from "../fixtures/suite.js";

const it = withApp({ model: "context" });
it.beforeEach(({ fake }) => fake.reset());

/**
 * Every planted secret sits in the compacted span: in user text, inline tool-call arguments, a
 * here-document inside tool-call arguments (its line starts after a JSON-escaped `\n`) and tool results.
 */
async function sessionWithSecrets(t: TestApp): Promise<string> {
  const id = await createSession(t);
  await append(t, id, [
    { role: "user", content: "hello" },
    { role: "assistant", content: "hi" },
    { role: "user", content: "start" },
    { role: "assistant", content: "ok" },
  ]);
  for (const [i, secret] of PLANTED_SECRETS.entries()) {
    const where = i % 4;
    if (where === 0)
      await append(t, id, [
        { role: "user", content: `note: ${secret.text}` },
        { role: "assistant", content: "noted" },
      ]);
    if (where === 1)
      await append(t, id, toolRound("run it", "terminal", { command: `echo '${secret.text}'` }, "done", "ran"));
    if (where === 2)
      await append(t, id, toolRound("show config", "read_file", { path: ".env" }, `config:\n${secret.text}\n`, "read"));
    if (where === 3)
      await append(
        t,
        id,
        toolRound(
          "write it",
          "terminal",
          { command: `cat <<EOF > .env\n${secret.text}\nEOF` },
          "exit code 0",
          "written",
        ),
      );
  }
  for (let i = 0; i < 14; i++)
    await append(t, id, toolRound(`step ${i}`, "terminal", { command: "ls" }, filler(i, 300), "ok"));
  return id;
}

function assertNoSecrets(text: string, where: string) {
  for (const { kind, needle } of PLANTED_SECRETS) expect(text, `${kind} leaked into ${where}`).not.toContain(needle);
}

describe("redaction before the summary model", () => {
  it("sends no planted secret to the model and persists none in summaries or anchors", async ({ app: t, fake }) => {
    const id = await sessionWithSecrets(t);
    const stored = JSON.stringify(
      (await getJson<ListMessagesResponse>(t, `/v1/sessions/${id}/messages?limit=200`)).data,
    );
    for (const { needle } of PLANTED_SECRETS) expect(stored).toContain(needle); // the transcript itself stays verbatim
    // the model tries to echo a secret back: it is masked before it is stored
    fake.enqueue({ content: `## Goal\nThe key was ${PLANTED_SECRETS[0].text}` });
    const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
    expect(out.compressed).toBe(true);
    expect(fake.completions).toHaveLength(1);
    const sent = JSON.stringify(fake.completions[0].body);
    expect(sent).toContain("sk-pro"); // masked, not dropped: the prefix stays readable
    assertNoSecrets(sent, "the summary request");
    assertNoSecrets(
      JSON.stringify(await getJson<ListSummariesResponse>(t, `/v1/sessions/${id}/summaries`)),
      "the summaries",
    );
    assertNoSecrets(JSON.stringify(await getJson<ListAnchorsResponse>(t, `/v1/sessions/${id}/anchors`)), "the anchors");
    const context = await getJson<GetContextResponse>(t, `/v1/sessions/${id}/context`);
    const summary = context.messages.find(
      (m) => typeof m.content === "string" && m.content.startsWith("[CONTEXT COMPACTION"),
    );
    assertNoSecrets(summary!.content as string, "the summary message");
  });

  it("keeps secrets out of the deterministic fallback summary too", async ({ app: t, fake }) => {
    const id = await sessionWithSecrets(t);
    fake.enqueue({ status: 500, error: { message: "boom" } });
    const out = await json<CompressResponse>(await t.call("POST", `/v1/sessions/${id}/compress`, {}));
    expect(out.compressed).toBe(true);
    expect(out.fallback_used).toBe(true);
    assertNoSecrets(out.summary!.body, "the fallback summary");
  });
});
