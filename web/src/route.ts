/**
 * @module web/route
 * The page's one piece of routing: /ui/ is the session list, /ui/sessions/<id> a session. The server answers
 * index.html for any /ui/ path, so a reload or a shared link opens the same view.
 */
import { useEffect, useState } from "preact/hooks";

const PREFIX = "/ui/sessions/";

export function sessionIdOf(pathname: string): string | null {
  return pathname.startsWith(PREFIX) ? decodeURIComponent(pathname.slice(PREFIX.length)) || null : null;
}

export function openSession(id: string | null): void {
  history.pushState(null, "", id ? `${PREFIX}${encodeURIComponent(id)}` : "/ui/");
  dispatchEvent(new PopStateEvent("popstate"));
}

export function useSelectedSession(): string | null {
  const [id, setId] = useState(() => sessionIdOf(location.pathname));
  useEffect(() => {
    const onPop = () => setId(sessionIdOf(location.pathname));
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);
  return id;
}
