/**
 * @module web/admin-route
 * The pages beside the sessions: /ui/keys (API keys, for an admin), /ui/usage (tokens and cost), /ui/memory (memory
 * and search across sessions) and /ui/jobs (scheduled jobs and webhooks). The server answers index.html for any /ui/
 * path, so a reload or a shared link opens the same page.
 */
import { useEffect, useState } from "preact/hooks";

export type Page = "keys" | "usage" | "memory" | "jobs";

const PATHS: Record<Page, string> = { keys: "/ui/keys", usage: "/ui/usage", memory: "/ui/memory", jobs: "/ui/jobs" };

export function pageOf(pathname: string): Page | null {
  const found = (Object.entries(PATHS) as Array<[Page, string]>).find(([, path]) => pathname === path);
  return found ? found[0] : null;
}

export function pathOf(page: Page): string {
  return PATHS[page];
}

export function openPage(page: Page | null): void {
  history.pushState(null, "", page ? PATHS[page] : "/ui/");
  dispatchEvent(new PopStateEvent("popstate"));
}

export function useOpenPage(): Page | null {
  const [page, setPage] = useState(() => pageOf(location.pathname));
  useEffect(() => {
    const onPop = () => setPage(pageOf(location.pathname));
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);
  return page;
}
