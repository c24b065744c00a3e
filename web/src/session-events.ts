/**
 * @module web/session-events
 * Follows GET /v1/sessions/{id}/events with an EventSource (the cookie authenticates it) and hands each frame,
 * parsed, to the listener. EventSource reconnects by itself, resuming with Last-Event-ID.
 */
import { useEffect, useRef } from "preact/hooks";
import type { Schemas } from "./client.js";
import { sessionUrl } from "./client.js";

export type SessionEvent = Schemas["SessionEvent"];
export type SessionEventType = SessionEvent["event"];

/** Every event type the session stream sends; EventSource delivers named events only to listeners of that name. */
const EVENT_TYPES: readonly SessionEventType[] = [
  "run.started",
  "message.created",
  "message.delta",
  "reasoning.delta",
  "reasoning.available",
  "tool.started",
  "tool.completed",
  "context.compressing",
  "context.compressed",
  "browser.starting",
  "browser.disconnected",
  "browser.takeover",
  "browser.released",
  "dialog.opened",
  "dialog.closed",
  "frame.attached",
  "frame.navigated",
  "frame.detached",
  "run.requires_action",
  "approval.requested",
  "approval.responded",
  "run.completed",
  "run.failed",
  "run.cancelled",
];

/**
 * `opened` runs each time the stream (re)opens: a stream without Last-Event-ID starts with live events, so what
 * happened between a panel's first read and the stream opening is read again then.
 */
export function useSessionEvents(
  sessionId: string,
  listener: (event: SessionEvent) => void,
  opened: () => void = () => undefined,
): void {
  const current = useRef(listener);
  current.current = listener;
  const currentOpened = useRef(opened);
  currentOpened.current = opened;
  useEffect(() => {
    const source = new EventSource(sessionUrl(sessionId, "/events"));
    source.addEventListener("open", () => currentOpened.current());
    const handle = (type: SessionEventType) => (frame: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(frame.data);
      } catch {
        return;
      }
      current.current({ event: type, data } as SessionEvent);
    };
    for (const type of EVENT_TYPES) source.addEventListener(type, handle(type) as EventListener);
    return () => source.close();
  }, [sessionId]);
}

/** Hands each event to every panel that listens; state updates would merge fast frames (deltas) into one. */
export type EventBus = {
  emit(event: SessionEvent): void;
  on(listener: (event: SessionEvent) => void): () => void;
};

export function createEventBus(): EventBus {
  const listeners = new Set<(event: SessionEvent) => void>();
  return {
    emit: (event) => {
      for (const listener of listeners) listener(event);
    },
    on: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes `listener` to the bus for the component's lifetime. */
export function useBus(bus: EventBus, listener: (event: SessionEvent) => void): void {
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => bus.on((event) => current.current(event)), [bus]);
}
