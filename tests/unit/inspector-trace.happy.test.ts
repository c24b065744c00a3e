import { describe, expect, it } from "vitest";
import { formatCost, formatCount, formatDuration, relativeTime, sessionName } from "../../web/src/format.js";
import { parseFrames, toRunEvent, type RunEvent } from "../../web/src/run-events.js";
import { stripMarkdown } from "../../web/src/snippet.js";
import { buildTrace, placement, type TraceDialog } from "../../web/src/trace.js";

const T0 = Date.parse("2026-01-05T10:00:00.000Z");
const iso = (ms: number) => new Date(T0 + ms).toISOString();
const message = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  session_id: "ses_1",
  seq: 1,
  role: "assistant",
  content: null,
  tokens: 5,
  in_context: true,
  kind: "message",
  created_at: iso(0),
  ...extra,
});
const interrupt = (answer: Record<string, unknown> | null) => ({
  id: "int_1",
  kind: "approval",
  status: answer ? "answered" : "pending",
  session_id: "ses_1",
  run_id: "run_1",
  tool: "echo",
  tool_call_id: "call_1",
  arguments: '{"text":"hi"}',
  created_at: iso(1_300),
  expires_at: null,
  answer,
  answer_route: "/v1/sessions/ses_1/interrupts/int_1",
});

/** A run's events as the Hermes-framed stream sends them, parsed by the page's reader. */
function stream(): RunEvent[] {
  const frames = [
    { type: "run.started", t: 0, run_id: "run_1", session_id: "ses_1", model: "m" },
    { type: "context.compressing", t: 50, run_id: "run_1", trigger: "preflight", tokens_before: 98_000 },
    {
      type: "context.compressed",
      t: 250,
      run_id: "run_1",
      tokens_before: 98_000,
      tokens_after: 21_000,
      messages_compacted: 140,
      fallback_used: false,
    },
    {
      type: "message.created",
      t: 1_250,
      run_id: "run_1",
      message: message("msg_a", {
        tool_calls: [{ id: "call_1", type: "function", function: { name: "echo", arguments: '{"text":"hi"}' } }],
      }),
      model_call: {
        started_at: iso(300),
        duration_ms: 900,
        first_token_ms: 200,
        usage: { prompt_tokens: 1200, completion_tokens: 30, total_tokens: 1230 },
      },
    },
    { type: "approval.requested", t: 1_300, run_id: "run_1", interrupt: interrupt(null) },
    {
      type: "approval.responded",
      t: 6_300,
      run_id: "run_1",
      interrupt: interrupt({ by: "user", at: iso(6_300), decision: "approve", reason: "fine" }),
      scope: "once",
    },
    {
      type: "tool.started",
      t: 6_400,
      run_id: "run_1",
      tool_call_id: "call_1",
      name: "echo",
      arguments: '{"text":"hi"}',
    },
    { type: "message.delta", t: 6_450, run_id: "run_1", content: "ignored" },
    {
      type: "tool.completed",
      t: 6_600,
      run_id: "run_1",
      tool_call_id: "call_1",
      name: "echo",
      is_error: false,
      content: '{"ok":true}',
    },
    {
      type: "message.created",
      t: 8_000,
      run_id: "run_1",
      message: message("msg_b", { content: "**Done.**" }),
      model_call: { started_at: iso(6_700), duration_ms: 1_300, first_token_ms: null, usage: null },
    },
    { type: "run.completed", t: 8_000, run: { id: "run_1", status: "completed" } },
  ];
  const text = frames
    .map(
      ({ t, ...data }, i) =>
        `id: ${i + 1}\ndata: ${JSON.stringify({ ...data, event: data.type, timestamp: (T0 + t) / 1000 })}\n\n`,
    )
    .join(": keepalive\n\n");
  const { frames: parsed, rest } = parseFrames(`: stream open\n\n${text}`);
  expect(rest).toBe("");
  return parsed.map((f) => toRunEvent(f.id, f.data)).filter((e): e is RunEvent => e !== null);
}

describe("a run's trace, built from its events", () => {
  it("lays the model calls, the approval, the tool call, the compression and the run's dialogs on one time line", () => {
    const dialogs: TraceDialog[] = [
      {
        id: "d-1",
        type: "confirm",
        message: "Proceed?",
        opened_at: iso(6_500),
        closed_at: iso(9_500),
        closed_by: "user",
        frame_id: null,
        action: "accept",
      },
      {
        id: "d-0",
        type: "alert",
        message: "before the run",
        opened_at: iso(-5_000),
        closed_at: iso(-4_000),
        closed_by: "agent",
        frame_id: null,
        action: "accept",
      },
    ];
    const trace = buildTrace(stream(), dialogs, T0);
    expect(trace.start).toBe(T0);
    expect(trace.end).toBe(T0 + 8_000);
    expect(trace.steps.map((s) => [s.kind, s.start - T0, s.end === null ? null : s.end - T0])).toEqual([
      ["compression", 50, 250],
      ["model", 300, 1_200],
      ["approval", 1_300, 6_300],
      ["tool", 6_400, 6_600],
      ["dialog", 6_500, 9_500],
      ["model", 6_700, 8_000],
    ]);
    const [compression, call, approval, tool, dialog, answer] = trace.steps;
    expect(compression).toMatchObject({ tokensBefore: 98_000, tokensAfter: 21_000, messagesCompacted: 140 });
    expect(call).toMatchObject({ firstTokenMs: 200, usage: { prompt_tokens: 1200 }, cost: null });
    expect(approval).toMatchObject({ answeredBy: "user", decision: "approve", scope: "once", reason: "fine" });
    expect(tool).toMatchObject({ name: "echo", result: '{"ok":true}', isError: false });
    expect(dialog).toMatchObject({ closedBy: "user", action: "accept", message: "Proceed?" });
    expect(answer).toMatchObject({ text: "**Done.**", firstTokenMs: null, usage: null });
    // No price is known: no cost, not a cost of zero.
    expect(trace.cost).toBeNull();
    expect(placement(approval, trace, T0 + 60_000)).toEqual({ left: 1_300 / 8_000, width: 5_000 / 8_000 });
  });

  it("adds up the calls' costs when the API reports one for every call", () => {
    const events = stream().map((e) =>
      e.event === "message.created" && e.data.model_call
        ? { ...e, data: { ...e.data, model_call: { ...e.data.model_call, cost: 0.0025 } } }
        : e,
    );
    expect(buildTrace(events, [], T0).cost).toBeCloseTo(0.005);
  });

  it("keeps the steps of a live run open up to now", () => {
    const live = stream().filter((e) => e.at < T0 + 6_500 && e.event !== "run.completed");
    const trace = buildTrace(live, [], T0);
    expect(trace.end).toBeNull();
    const tool = trace.steps.find((s) => s.kind === "tool")!;
    expect(tool.end).toBeNull();
    expect(placement(tool, trace, T0 + 10_000)).toEqual({ left: 0.64, width: 0.36 });
  });
});

describe("the inspector's figures", () => {
  it("writes counts, durations, costs and times as a person reads them", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect([840, 4_200, 42_000, 185_000, 7_380_000].map(formatDuration)).toEqual([
      "840 ms",
      "4.2 s",
      "42 s",
      "3 min 5 s",
      "2 h 3 min",
    ]);
    expect([null, undefined, 0, 0.00123, 1.5].map(formatCost)).toEqual(["—", "—", "$0", "$0.0012", "$1.50"]);
    expect(relativeTime(T0 - 10_000, T0)).toBe("just now");
    expect(relativeTime(T0 - 5 * 60_000, T0)).toBe("5 minutes ago");
    expect(relativeTime(T0 - 26 * 3_600_000, T0)).toBe("yesterday");
    expect(sessionName({ title: "  Deploy  ", created_at: iso(0) })).toBe("Deploy");
    expect(sessionName({ title: null, created_at: iso(0) })).toMatch(/^Untitled session · 5 Jan, \d\d:00$/);
  });

  it("strips markdown from a search snippet and keeps its [match] markers", () => {
    expect(stripMarkdown("## Plan\n**Fix** the [disk](https://x.test) in `src/[app].ts` and _retry_")).toBe(
      "Plan Fix the disk in src/[app].ts and retry",
    );
    expect(stripMarkdown("- one [kumquat] here\n> quoted")).toBe("one [kumquat] here quoted");
  });
});
