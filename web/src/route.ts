/**
 * @module web/route
 * The page's routing: /ui/ is the session list, /ui/sessions/<id> a session, /ui/sessions/<id>/runs/<run id> the
 * trace of one of its runs. The server answers index.html for any /ui/ path, so a reload or a shared link opens the
 * same view.
 */
import { useEffect, useState } from "preact/hooks";

const PREFIX = "/ui/sessions/";

export type Route = { session: string | null; run: string | null };

export function routeOf(pathname: string): Route {
  if (!pathname.startsWith(PREFIX)) return { session: null, run: null };
  const [session, runs, run] = pathname.slice(PREFIX.length).split("/");
  return {
    session: session ? decodeURIComponent(session) : null,
    run: session && runs === "runs" && run ? decodeURIComponent(run) : null,
  };
}

export function pathOf(route: Route): string {
  if (!route.session) return "/ui/";
  const session = `${PREFIX}${encodeURIComponent(route.session)}`;
  return route.run ? `${session}/runs/${encodeURIComponent(route.run)}` : session;
}

function go(route: Route): void {
  const path = pathOf(route);
  if (path !== location.pathname) history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function openSession(id: string | null): void {
  go({ session: id, run: null });
}

/** Opens a run's trace (or, with null, the session's run list). */
export function openRun(session: string, run: string | null): void {
  go({ session, run });
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(location.pathname));
  useEffect(() => {
    const onPop = () =>
      setRoute((old) => {
        const next = routeOf(location.pathname);
        return next.session === old.session && next.run === old.run ? old : next;
      });
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);
  return route;
}
