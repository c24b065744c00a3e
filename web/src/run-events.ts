/**
 * @module web/run-events
 * Reads one run's stored events, then its live ones, from GET /v1/runs/{id}/events (Hermes-framed SSE: each frame's
 * JSON names our event type in `type`, carries its time in `timestamp` and the event's own payload beside it). The
 * stream ends by itself after the run's last event, so a finished run is read once and a live one is followed until
 * it ends. fetch, not EventSource: an EventSource would reconnect after the stream's end, forever.
 */
import type { SessionEvent } from "./session-events.js";

/** A run's event with its id and the time it was stored (epoch ms). */
export type RunEvent = SessionEvent & { id: number; at: number };

/** The SSE frames in a chunk of text: what is complete is parsed, the rest is handed back to wait for more. */
export function parseFrames(buffer: string): { frames: Array<{ id: number | null; data: string }>; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? "";
  const frames: Array<{ id: number | null; data: string }> = [];
  for (const block of blocks) {
    let id: number | null = null;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("id:")) id = Number(line.slice(3).trim());
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length) frames.push({ id, data: data.join("\n") });
  }
  return { frames, rest };
}

/** A Hermes-framed frame's data as our event, or null for a frame that names no event type of ours. */
export function toRunEvent(id: number | null, data: string): RunEvent | null {
  let parsed: { type?: unknown; timestamp?: unknown };
  try {
    parsed = JSON.parse(data) as typeof parsed;
  } catch {
    return null;
  }
  if (typeof parsed.type !== "string" || typeof parsed.timestamp !== "number") return null;
  return { event: parsed.type, data: parsed, id: id ?? 0, at: Math.round(parsed.timestamp * 1000) } as RunEvent;
}

/**
 * Calls `onEvents` with each batch of the run's events as they are read (streamed text deltas left out), until the
 * stream ends or `signal` aborts; rejects with the server's words when it refuses.
 */
export async function readRunEvents(
  runId: string,
  onEvents: (events: RunEvent[]) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`/v1/runs/${encodeURIComponent(runId)}/events`, {
    credentials: "same-origin",
    headers: { Accept: "text/event-stream" },
    signal,
  });
  if (!response.ok || !response.body) {
    const problem = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(problem?.error?.message ?? `the run's events answered ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      const { frames, rest } = parseFrames(buffer + value);
      buffer = rest;
      const events = frames
        .map((frame) => toRunEvent(frame.id, frame.data))
        .filter((e): e is RunEvent => e !== null && e.event !== "message.delta" && e.event !== "reasoning.delta");
      if (events.length) onEvents(events);
    }
  } finally {
    reader.releaseLock();
  }
}
