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

/**
 * Every event type the session stream sends; EventSource delivers named events only to listeners of that name. A
 * record, so the compiler refuses it when the API gains an event type this page does not listen to.
 */
const LISTENED: Record<SessionEventType, true> = {
  "run.started": true,
  "message.created": true,
  "message.delta": true,
  "reasoning.delta": true,
  "reasoning.available": true,
  "model.fallback": true,
  "tool.started": true,
  "tool.completed": true,
  "context.compressing": true,
  "context.compressed": true,
  "browser.starting": true,
  "browser.disconnected": true,
  "browser.takeover": true,
  "browser.released": true,
  "dialog.opened": true,
  "dialog.closed": true,
  "frame.attached": true,
  "frame.navigated": true,
  "frame.detached": true,
  "run.requires_action": true,
  "approval.requested": true,
  "approval.responded": true,
  "guard.held": true,
  "guard.blocked": true,
  "guard.allowed": true,
  "run.steered": true,
  "run.completed": true,
  "run.failed": true,
  "run.cancelled": true,
};
const EVENT_TYPES = Object.keys(LISTENED) as SessionEventType[];

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
