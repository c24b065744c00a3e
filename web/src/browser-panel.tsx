/**
 * @module web/browser-panel
 * The session's browser: the live view (the MJPEG screencast in an <img>, which the cookie authenticates) where a
 * click takes the browser over and clicks the page at the same spot, a box to type into the page and a release
 * button; the URL and tabs, the frame tree with out-of-process iframes marked, the console and the recent dialogs
 * with how each was closed. The snapshot is refetched on every browser, frame and dialog event.
 */
import { Globe, Hand, RefreshCw } from "lucide-preact";
import { useEffect, useState } from "preact/hooks";
import { api, must, sessionUrl, type Schemas } from "./client.js";
import { Chip, EmptyState, ErrorState, Skeleton } from "./ui.js";

type Snapshot = Schemas["BrowserSnapshot"];

export function BrowserPanel(props: { sessionId: string; tick: number }) {
  const { sessionId } = props;
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [url, setUrl] = useState("");
  const [text, setText] = useState("");

  useEffect(() => {
    void api
      .GET("/v1/sessions/{id}/snapshot", { params: { path: { id: sessionId } } })
      .then(must)
      .then(
        (s) => {
          setSnapshot(s);
          setError(null);
        },
        (e: Error) => setError(e.message),
      );
  }, [sessionId, props.tick, reload]);

  const input = async (body: Schemas["BrowserInput"]) => {
    try {
      must(await api.POST("/v1/sessions/{id}/browser/input", { params: { path: { id: sessionId } }, body }));
      setReload((n) => n + 1);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const navigate = async (event: Event) => {
    event.preventDefault();
    try {
      must(
        await api.POST("/v1/sessions/{id}/browser/navigate", { params: { path: { id: sessionId } }, body: { url } }),
      );
      setReload((n) => n + 1);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const viewport = useViewportSize(sessionId, Boolean(snapshot?.active));
  /**
   * A click on the image lands where it would on the page: scaled from the image as shown to the viewport (CSS
   * pixels, from a screencast frame's metadata), or to the frame's own size until that is known.
   */
  const click = (event: MouseEvent) => {
    const img = event.currentTarget as HTMLImageElement;
    const rect = img.getBoundingClientRect();
    const scaleX = (viewport?.width ?? (img.naturalWidth || rect.width)) / rect.width;
    const scaleY = (viewport?.height ?? (img.naturalHeight || rect.height)) / rect.height;
    void input({
      type: "click",
      x: Math.round((event.clientX - rect.left) * scaleX),
      y: Math.round((event.clientY - rect.top) * scaleY),
    });
  };

  return (
    <div class="browser">
      {error && <ErrorState message={error} />}
      <form class="inline url-bar" onSubmit={(e) => void navigate(e)}>
        <label for="browser-url">Go to URL</label>
        <input
          id="browser-url"
          type="url"
          placeholder="https://example.com"
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <button type="submit" class="primary">
          Go
        </button>
        <button type="button" onClick={() => setReload((n) => n + 1)}>
          <RefreshCw size={14} /> Refresh
        </button>
      </form>
      {!snapshot ? (
        <Skeleton lines={5} label="Loading the browser" />
      ) : !snapshot.active ? (
        <EmptyState icon={Globe} title="The browser is not running for this session">
          <p>Go to a URL above, or ask the agent to open a page: the browser starts with the first page.</p>
        </EmptyState>
      ) : (
        <>
          <p>
            <strong>URL</strong> <span data-testid="browser-url">{snapshot.url}</span> · {snapshot.title}
            {snapshot.taken_over && (
              <Chip tone="wait" icon={Hand}>
                taken over by you
              </Chip>
            )}
            {viewport && (
              <span class="muted" data-testid="viewport-size">
                {" "}
                · viewport {viewport.width} × {viewport.height}
              </span>
            )}
          </p>
          <img
            class="live"
            src={sessionUrl(sessionId, "/browser/screencast?format=mjpeg")}
            alt="Live view of the session's browser; click to take it over and click the page there"
            onClick={click}
          />
          <form
            class="inline"
            onSubmit={(e) => {
              e.preventDefault();
              void input({ type: "type", text }).then(() => setText(""));
            }}
          >
            <label for="browser-type">Type into the page</label>
            <input id="browser-type" value={text} onInput={(e) => setText(e.currentTarget.value)} />
            <button type="submit">Type</button>
            <button type="button" onClick={() => void input({ type: "key", key: "Enter" })}>
              Press Enter
            </button>
            <button type="button" onClick={() => void input({ type: "release" })} disabled={!snapshot.taken_over}>
              Release to the agent
            </button>
          </form>
          <div class="browser-facts">
            <section class="card" aria-labelledby="browser-tabs-title">
              <h3 id="browser-tabs-title">Tabs</h3>
              <ul>
                {snapshot.tabs.map((tab) => (
                  <li key={tab.tab_id}>
                    {tab.tab_id === snapshot.active_tab_id ? (
                      <strong>{tab.title ?? tab.url}</strong>
                    ) : (
                      (tab.title ?? tab.url)
                    )}{" "}
                    <span class="muted">{tab.url}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section class="card" aria-labelledby="browser-frames-title">
              <h3 id="browser-frames-title">Frames</h3>
              <FrameTree tree={snapshot.frame_tree} />
            </section>
            <section class="card" aria-labelledby="browser-console-title">
              <h3 id="browser-console-title">Console</h3>
              <ol class="console">
                {snapshot.console.length === 0 && <li class="muted">Nothing logged.</li>}
                {snapshot.console.map((line, i) => (
                  <li key={i} class={`console-${line.level}`}>
                    <span class={`badge console-level-${line.level}`}>{line.level}</span> {line.text}
                  </li>
                ))}
              </ol>
            </section>
            <section class="card" aria-labelledby="browser-dialogs-title">
              <h3 id="browser-dialogs-title">Recent dialogs</h3>
              <ul>
                {snapshot.recent_dialogs.length === 0 && <li class="muted">None.</li>}
                {snapshot.recent_dialogs.map((d) => (
                  <li key={d.id}>
                    {d.type} <q>{d.message}</q> — closed by {d.closed_by}
                    {d.action ? ` (${d.action})` : ""}
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The page's viewport in CSS pixels, read from the metadata of one frame of the SSE screencast (a tiny one), which
 * the MJPEG stream does not carry; read again when the panel is refreshed.
 */
function useViewportSize(sessionId: string, active: boolean): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    if (!active) return;
    const source = new EventSource(sessionUrl(sessionId, "/browser/screencast?max_width=64&max_height=64&quality=10"));
    source.addEventListener("frame", (frame: MessageEvent<string>) => {
      const { metadata } = JSON.parse(frame.data) as Schemas["ScreencastFrame"];
      setSize({ width: metadata.device_width, height: metadata.device_height });
      source.close();
    });
    source.onerror = () => source.close();
    return () => source.close();
  }, [sessionId, active]);
  return size;
}

function FrameTree(props: { tree: Snapshot["frame_tree"] }) {
  const { top, children } = props.tree;
  if (!top) return <p class="muted">No page.</p>;
  const under = (parent: string): Schemas["FrameEntry"][] => children.filter((c) => c.parent_frame_id === parent);
  const render = (frames: Schemas["FrameEntry"][]) =>
    frames.length ? (
      <ul>
        {frames.map((f) => (
          <li key={f.frame_id}>
            {f.url} {f.is_oopif && <span class="badge">out-of-process</span>}
            {render(under(f.frame_id))}
          </li>
        ))}
      </ul>
    ) : null;
  return (
    <ul class="frames">
      <li>
        {top.url} <span class="muted">(top)</span>
        {render(under(top.frame_id))}
      </li>
    </ul>
  );
}
