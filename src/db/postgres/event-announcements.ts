/**
 * @module event-announcements
 * Every replica hears of every event stored, by any replica, through PostgreSQL's LISTEN/NOTIFY: the insert notifies
 * `caduceus_events` with the session and the event id in its own transaction, so the notice is sent on commit, in
 * commit order. One dedicated connection listens; if it drops, it is opened again, and once it listens again the
 * listeners are told that notices may have been missed (`missed`), so their subscribers read the rows they lack. The
 * same connection hears `caduceus_keys`: the id of every API key changed or revoked, so each replica drops it from its
 * cache as the change commits; after a reconnect its listeners are told that any key may have changed (null).
 */
import pg from "pg";

export const EVENTS_CHANNEL = "caduceus_events";
export const KEYS_CHANNEL = "caduceus_keys";
const RECONNECT_DELAY_MS = 500;

type Announced = (sessionId: string, id: number) => void;
type Missed = () => void;
type KeyChanged = (keyId: string | null) => void;

export class PgEventAnnouncements {
  private readonly listeners = new Set<Announced>();
  private readonly missedListeners = new Set<Missed>();
  private readonly keyListeners = new Set<KeyChanged>();
  /** Whether the connection was lost since it first listened: the next start tells every listener. */
  private lost = false;
  private client: pg.Client | null = null;
  private closed = false;

  constructor(private readonly url: string) {}

  /** Opens the listening connection; resolves once it listens. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (message) => {
      if (message.channel === KEYS_CHANNEL && message.payload) {
        for (const listener of this.keyListeners) listener(message.payload);
        return;
      }
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      const space = message.payload.lastIndexOf(" ");
      const sessionId = message.payload.slice(0, space);
      const id = Number(message.payload.slice(space + 1));
      if (!sessionId || !Number.isSafeInteger(id)) return;
      for (const listener of this.listeners) listener(sessionId, id);
    });
    client.on("error", () => this.reconnect(client));
    client.on("end", () => this.reconnect(client));
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    await client.query(`listen ${KEYS_CHANNEL}`);
    this.client = client;
    if (!this.lost) return;
    // Listening again: what was committed while the connection was down was announced to nobody here.
    for (const listener of this.keyListeners) listener(null);
    for (const listener of this.missedListeners) listener();
  }

  /** `announced` hears of each event stored; `missed`, that the connection was lost and listens again. */
  listen(announced: Announced, missed?: Missed): () => void {
    this.listeners.add(announced);
    if (missed) this.missedListeners.add(missed);
    return () => {
      this.listeners.delete(announced);
      if (missed) this.missedListeners.delete(missed);
    };
  }

  listenKeyChanges(changed: KeyChanged): () => void {
    this.keyListeners.add(changed);
    return () => this.keyListeners.delete(changed);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private reconnect(lost: pg.Client): void {
    if (this.closed || this.client !== lost) return;
    this.client = null;
    this.lost = true;
    const retry = () => {
      if (this.closed) return;
      this.start().catch(() => setTimeout(retry, RECONNECT_DELAY_MS).unref());
    };
    setTimeout(retry, RECONNECT_DELAY_MS).unref();
  }
}
