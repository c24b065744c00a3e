/**
 * @module sse
 * Server-sent events: frames in the `text/event-stream` format, a streaming response with keepalive comments that
 * closes its source when the client goes away, and session events as frames.
 */
/** One server-sent event frame; `event` omitted means the default `message` event. */
export type SseFrame = { event?: string; data: string; id?: number | string };

export function formatSseFrame(frame: SseFrame): string {
  let out = "";
  if (frame.event) out += `event: ${frame.event}\n`;
  if (frame.id !== undefined) out += `id: ${frame.id}\n`;
  for (const line of frame.data.split("\n")) out += `data: ${line}\n`;
  return `${out}\n`;
}

/**
 * Streams frames as `text/event-stream`, with a keepalive comment every `keepaliveMs`. When the
 * client goes away the frame source is closed and `onCancel` runs, so producers can react.
 */
export function sseResponse(
  frames: AsyncIterable<SseFrame>,
  options: {
    keepaliveMs: number;
    headers?: Record<string, string>;
    onCancel?: () => void;
    /** A comment written once the frames have ended, before the stream closes (`stream closed`). */
    closing?: string;
  },
): Response {
  const encoder = new TextEncoder();
  const iterator = frames[Symbol.asyncIterator]();
  let timer: ReturnType<typeof setInterval> | null = null;
  let closed = false;
  const stop = () => {
    closed = true;
    if (timer) clearInterval(timer);
    timer = null;
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      timer = setInterval(() => write(": keepalive\n\n"), options.keepaliveMs);
      // Some proxies and clients wait for the first bytes before handing the stream on.
      write(": stream open\n\n");
      void (async () => {
        try {
          while (!closed) {
            const next = await iterator.next();
            if (next.done) break;
            write(formatSseFrame(next.value));
          }
        } catch {
          // A source that fails (a browser gone while its screencast starts) ends the stream; nothing is left pending.
        } finally {
          const wasClosed = closed;
          if (!wasClosed && options.closing) write(`: ${options.closing}\n\n`);
          stop();
          if (!wasClosed) {
            try {
              controller.close();
            } catch {
              /* already closed by a cancel */
            }
          }
        }
      })();
    },
    cancel() {
      stop();
      options.onCancel?.();
      void iterator.return?.();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      ...options.headers,
    },
  });
}

/** Session events as SSE frames: the event type as the frame's name, the persisted id as its id. */
export async function* framesOf(
  items: AsyncIterable<{ type: string; data: unknown; id?: number }>,
): AsyncGenerator<SseFrame> {
  for await (const item of items) yield { event: item.type, data: JSON.stringify(item.data), id: item.id };
}
